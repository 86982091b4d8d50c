import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startS3Server } from '../../test/s3-server';
import { createTestApp } from '../../test/test-app';
import { givenCustomer } from '../../test/world';
import type { ModelView } from './models.contract';
import { fixture, startUpload } from './models.test-helper';

// The whole model path with storage in a bucket: presigned POST from the "browser", analysis in the worker
// pool reading the object from the bucket, download and delete.
let s3: Awaited<ReturnType<typeof startS3Server>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let maya: string;
beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ s3: s3.settings, maxModelBytes: 64 * 1024 });
  maya = (await givenCustomer(t)).cookie;
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

async function postForm(
  upload: { url: string; fields?: Record<string, string> },
  bytes: Uint8Array,
  name: string,
) {
  const form = new FormData();
  for (const [field, value] of Object.entries(upload.fields ?? {})) form.append(field, value);
  form.append('file', new Blob([Buffer.from(bytes)]), name);
  return fetch(upload.url, { method: 'POST', body: form });
}
const complete = (id: string) =>
  t.app.inject({ method: 'POST', url: `/api/models/${id}/complete`, headers: { cookie: maya } });

describe('models stored in an S3 bucket', () => {
  test('the upload target is a presigned POST to the bucket; the stored 3MF box is analysed from there', async () => {
    const bytes = fixture('box.3mf');
    const { model, upload } = await startUpload(t.app, maya, 'box.3mf', bytes.byteLength);
    expect(upload).toMatchObject({ method: 'POST', url: `${s3.settings.endpoint}/${s3.settings.bucket}` });
    expect((await postForm(upload as never, bytes, 'box.3mf')).status).toBe(204);
    const done = await complete(model.id);
    expect(done.statusCode, done.body).toBe(200);
    expect((done.json() as { model: ModelView }).model.analysis, done.body).toMatchObject({
      sizeMm: { x: 10, y: 20, z: 30 },
      volumeMm3: 6000,
      watertight: true,
    });
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/models/${model.id}/file`,
      headers: { cookie: maya },
    });
    expect(download.statusCode, download.body).toBe(200);
    expect(Buffer.compare(download.rawPayload, Buffer.from(bytes))).toBe(0);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/models/${model.id}`,
      headers: { cookie: maya },
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await t.ctx.storage.head(`models/${model.id}.3mf`)).toBeNull();
  });

  test('completing before the file arrived says so; a file over the limit is removed from the bucket (413)', async () => {
    const small = fixture('stl_binary-Cube.stl');
    const early = await startUpload(t.app, maya, 'Cube.stl', small.byteLength);
    const missing = await complete(early.model.id);
    expect(missing.statusCode, missing.body).toBe(409);
    expect(missing.json()).toMatchObject({ error: { code: 'upload_missing' } });

    const { model, upload } = await startUpload(t.app, maya, 'big.stl', 1000);
    // the bucket's own policy would refuse this; the server checks the stored size again in any case
    expect((await postForm(upload as never, new Uint8Array(65 * 1024), 'big.stl')).status).toBe(204);
    const tooBig = await complete(model.id);
    expect(tooBig.statusCode, tooBig.body).toBe(413);
    expect(await t.ctx.storage.head(`models/${model.id}.stl`)).toBeNull();
  });
});
