import { Readable } from 'node:stream';
import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  analyseMesh,
  generateCube,
  generateTorus,
  readMesh,
  writeStlAscii,
  writeStlBinary,
} from '@facet/domain/mesh';
import { files } from '../../platform/files/files.tables';
import { models } from './models.tables';
import { createTestApp } from '../../test/test-app';
import { givenCustomer, givenDesigner } from '../../test/world';
import type { ModelView } from './models.contract';
import { modelsService } from './models.service';
import { fixture, putBytes, signUpCustomer, startUpload, uploadModel } from './models.test-helper';

let t: Awaited<ReturnType<typeof createTestApp>>;
let maya: string; // a customer
let other: string; // a second customer

beforeAll(async () => {
  t = await createTestApp();
  maya = (await givenCustomer(t)).cookie;
  other = await signUpCustomer(t.app, 'second.customer@example.com');
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const modelCount = async () => (await t.ctx.db.select({ n: count() }).from(models))[0]!.n;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9,
]);

/** A multipart body the way a browser's FormData sends it. */
function formData(
  parts: ({ name: string; value: string } | { name: string; filename: string; type: string; data: Buffer })[],
) {
  const boundary = '----facet-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\ncontent-type: ${part.type}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const putThumbnail = (id: string, cookie: string, body: ReturnType<typeof formData>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/models/${id}/thumbnail`,
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });

describe('every fixture model: upload, complete, analysis as the domain reads it', () => {
  const names = [
    'stl_ascii-Cube.stl',
    'stl_binary-Cube.stl',
    'stl_ascii-HalfDonut.stl',
    'stl_binary-HalfDonut.stl',
    'stl_ascii-Moon.stl',
    'stl_binary-Moon.stl',
    'stl_tests-triamid.stl',
    'box.3mf',
    'cylinder.3mf',
    'multiple_cylinders.3mf',
  ];
  test.each(names)('%s', async (name) => {
    const bytes = fixture(name);
    const expected = analyseMesh(readMesh(bytes, name));
    const { model, response } = await uploadModel(t.app, maya, name, bytes);
    expect(model).toMatchObject({
      fileName: name,
      sizeBytes: bytes.byteLength,
      status: 'ready',
      unit: 'mm',
      error: null,
    });
    expect(model.unitConfirmed).toBe(false);
    // the stored analysis is exactly the domain's, unscaled in mm
    expect(model.rawAnalysis).toEqual(expected);
    expect(model.analysis).toEqual(expected);
    // analysed on a worker thread of the pool, not on the thread that served the request
    const worker = Number(response.headers['x-analysis-thread']);
    expect(worker).toBeGreaterThan(0);
    expect(worker).not.toBe(threadId);
    expect(String(response.headers['server-timing'])).toMatch(/^analysis;dur=\d+$/);
    // reading it back gives the same record
    const again = await get(`/api/models/${model.id}`, maya);
    expect(again.json().model).toEqual(model);
  });

  test('known measures: the 3MF box is 10 x 20 x 30 mm and 6000 mm³; the cube 2 mm and 8 mm³', async () => {
    const box = (await uploadModel(t.app, maya, 'box.3mf', fixture('box.3mf'))).model;
    expect(box.analysis).toMatchObject({
      sizeMm: { x: 10, y: 20, z: 30 },
      volumeMm3: 6000,
      watertight: true,
      format: '3mf',
    });
    const cube = (await uploadModel(t.app, maya, 'Cube.stl', fixture('stl_binary-Cube.stl'))).model;
    expect(cube.analysis).toMatchObject({ sizeMm: { x: 2, y: 2, z: 2 }, volumeMm3: 8, surfaceAreaMm2: 24 });
  });

  test('a file larger than the JSON body limit streams through; ASCII STL over several 1 MiB chunks matches binary', async () => {
    const torus = generateTorus(9.5, 1, [3, -2, 1], 200, 100); // 40,000 triangles
    const binary = writeStlBinary(torus);
    const ascii = new Uint8Array(Buffer.from([...writeStlAscii(torus, 'ring')].join('')));
    expect(binary.byteLength).toBeGreaterThan(t.ctx.config.bodyLimitBytes);
    expect(ascii.byteLength).toBeGreaterThan(3 * 1024 * 1024);
    const fromBinary = (await uploadModel(t.app, maya, 'ring.stl', binary)).model;
    const fromAscii = (await uploadModel(t.app, maya, 'ring-ascii.stl', ascii)).model;
    expect(fromBinary.analysis).toEqual(analyseMesh(readMesh(binary)));
    expect(fromAscii.analysis?.format).toBe('stl-ascii');
    expect(fromAscii.analysis?.triangles).toBe(40_000);
    expect(fromAscii.analysis?.volumeMm3).toBe(fromBinary.analysis?.volumeMm3);
    expect(fromAscii.analysis?.sizeMm).toEqual(fromBinary.analysis?.sizeMm);
    expect(fromAscii.analysis?.watertight).toBe(true);
  });

  test('the pool uses at most two threads, also for uploads completed at the same time', async () => {
    const bytes = fixture('stl_binary-HalfDonut.stl');
    const started = await Promise.all(
      [1, 2, 3, 4].map(async (i) => {
        const { model, upload } = await startUpload(t.app, maya, `donut-${i}.stl`, bytes.byteLength);
        expect((await putBytes(t.app, upload.url, bytes)).statusCode).toBe(204);
        return model.id;
      }),
    );
    const done = await Promise.all(
      started.map((id) =>
        t.app.inject({ method: 'POST', url: `/api/models/${id}/complete`, headers: { cookie: maya } }),
      ),
    );
    for (const res of done) expect(res.json().model.status).toBe('ready');
    const threads = new Set(done.map((res) => res.headers['x-analysis-thread']));
    expect(threads.size).toBeLessThanOrEqual(2);
    expect(t.ctx.models.poolThreads()).toBeLessThanOrEqual(
      Math.min(2, (await import('node:os')).availableParallelism()),
    );
  });
});

describe('unreadable files fail with the reader message and never crash the server', () => {
  test.each([
    [
      'MUSTFAIL_Chapter3.4b_MissingBuildElement.3mf',
      fixture('MUSTFAIL_Chapter3.4b_MissingBuildElement.3mf'),
      'missing_build',
    ],
    [
      'broken.stl',
      new Uint8Array(Buffer.from('solid broken\n  facet normal 0 0 1\n    outer loop\n      vertex 1 2\n')),
      null,
    ],
    ['zip.3mf', new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3, 4, 5, 6, 7, 8, 9]), null],
    [
      'noise.ply',
      new Uint8Array(
        Buffer.from('ply\nformat binary_little_endian 1.0\nelement vertex 99999999\nend_header\n'),
      ),
      null,
    ],
    ['noise.obj', new Uint8Array(Buffer.from('v 1 2 3\nf 1 2 9\n')), null],
  ])('%s', async (name, bytes, code) => {
    const { model } = await uploadModel(t.app, maya, name, bytes);
    expect(model.status).toBe('failed');
    expect(model.analysis).toBeNull();
    expect(model.error?.message).toMatch(/\w+.*\./);
    expect(model.error?.message).not.toMatch(/Error:|undefined|at \w+ \(/);
    if (code) expect(model.error?.code).toBe(code);
    const health = await get('/api/health');
    expect(health.statusCode).toBe(200);
  });

  test('an analysis over its time limit fails with a clear message', async () => {
    const bytes = fixture('stl_binary-Cube.stl');
    const { model, upload } = await startUpload(t.app, maya, 'slow.stl', bytes.byteLength);
    expect((await putBytes(t.app, upload.url, bytes)).statusCode).toBe(204);
    const hasty = modelsService({
      db: t.ctx.db,
      storage: t.ctx.storage,
      config: { maxModelBytes: t.ctx.config.maxModelBytes, analysisTimeoutMs: 1 },
    });
    try {
      const owner = (await t.ctx.db.select().from(models).where(eq(models.id, model.id)))[0]!;
      const done = await hasty.complete({ id: owner.ownerId }, model.id);
      expect(done.model.status).toBe('failed');
      expect(done.model.error).toEqual({
        code: 'analysis_timeout',
        message: 'The model took too long to analyse. Please simplify it or upload a smaller file.',
      });
    } finally {
      await hasty.close();
    }
  });
});

describe('starting an upload: type and size rules', () => {
  test('a file format we do not read is refused with the product text, and nothing is created', async () => {
    const before = await modelCount();
    for (const fileName of ['ring.step', 'ring.stl.exe', 'ring', 'ring.STLX']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/models',
        headers: { cookie: maya },
        payload: { fileName, sizeBytes: 100 },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'unsupported_model_type',
        message: 'Sorry, this file format is not supported! Upload an STL, OBJ, PLY or 3MF file.',
      });
    }
    // extensions are read case-insensitively
    const upper = await t.app.inject({
      method: 'POST',
      url: '/api/models',
      headers: { cookie: maya },
      payload: { fileName: 'RING.3MF', sizeBytes: 100 },
    });
    expect(upper.statusCode).toBe(201);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/models/${upper.json().model.id}`,
      headers: { cookie: maya },
    });
    expect(await modelCount()).toBe(before);
  });

  test('a file over 250 MB is refused (413) with the product text', async () => {
    const before = await modelCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/models',
      headers: { cookie: maya },
      payload: { fileName: 'big.stl', sizeBytes: 250 * 1024 * 1024 + 1 },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({
      code: 'model_too_large',
      message: 'Sorry, your file is too large. Maximum size is 250 MB.',
    });
    expect(await modelCount()).toBe(before);
  });

  test('bad bodies are refused with a message: missing, empty, fractional or extra fields', async () => {
    const before = await modelCount();
    for (const payload of [
      {},
      { fileName: 'a.stl' },
      { fileName: 'a.stl', sizeBytes: 0 },
      { fileName: 'a.stl', sizeBytes: 1.5 },
      { fileName: '', sizeBytes: 10 },
      { fileName: 'a.stl', sizeBytes: 10, volumeMm3: 5 },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/models',
        headers: { cookie: maya },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message.length).toBeGreaterThan(3);
    }
    expect(await modelCount()).toBe(before);
  });

  test('signed out: 401; a designer may not upload customer models: 403', async () => {
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/models',
      payload: { fileName: 'a.stl', sizeBytes: 10 },
    });
    expect(anon.statusCode).toBe(401);
    const designer = (await givenDesigner(t)).cookie;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/models',
      headers: { cookie: designer },
      payload: { fileName: 'a.stl', sizeBytes: 10 },
    });
    expect(res.statusCode).toBe(403);
  });

  test('a path or control characters in the file name are dropped', async () => {
    const { model } = await startUpload(t.app, maya, '../../etc/my\u0007 ring.STL', 100);
    expect(model.fileName).toBe('my ring.STL');
    const win = await startUpload(t.app, maya, 'C:\\Users\\maya\\band.obj', 100);
    expect(win.model.fileName).toBe('band.obj');
  });

  test('the upload target: a signed PUT to /api/uploads, 15 minutes, octet-stream', async () => {
    const before = Date.now();
    const { model, upload } = await startUpload(t.app, maya, 'ring.obj', 1000);
    expect(model.status).toBe('uploading');
    expect(upload.method).toBe('PUT');
    expect(upload.url).toMatch(/^\/api\/uploads\/[\w-]+\.[\w-]+$/);
    expect(upload.headers).toEqual({ 'content-type': 'application/octet-stream' });
    const ttl = Date.parse(upload.expiresAt) - before;
    expect(ttl).toBeGreaterThan(14.9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000 + 5_000);
  });
});

describe('the signed upload link', () => {
  test('more bytes than declared are refused (413) and nothing is stored; the link then takes the right file', async () => {
    const bytes = fixture('stl_binary-Cube.stl');
    const { model, upload } = await startUpload(t.app, maya, 'cube.stl', bytes.byteLength);
    const key = (await t.ctx.db.select().from(models).where(eq(models.id, model.id)))[0]!.storageKey;
    const tooMuch = await putBytes(t.app, upload.url, new Uint8Array(bytes.byteLength + 1));
    expect(tooMuch.statusCode).toBe(413);
    expect(tooMuch.json().error.code).toBe('upload_too_large');
    // without a content-length (a chunked body) the cap is enforced while streaming
    const chunked = await t.app.inject({
      method: 'PUT',
      url: upload.url,
      headers: { 'content-type': 'application/octet-stream' },
      payload: Readable.from([Buffer.alloc(400), Buffer.alloc(400)]),
    });
    expect(chunked.statusCode).toBe(413);
    expect(await t.ctx.storage.head(key)).toBeNull();
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/models/${model.id}/complete`,
      headers: { cookie: maya },
    });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().error).toEqual({
      code: 'upload_missing',
      message: 'The upload to storage failed. Please try again.',
    });
    expect((await putBytes(t.app, upload.url, bytes)).statusCode).toBe(204);
    expect(await t.ctx.storage.head(key)).toEqual({ sizeBytes: bytes.byteLength });
  });

  test('a link is used once: a second upload is refused, before and after completion', async () => {
    const bytes = fixture('stl_binary-Cube.stl');
    const { model, upload } = await startUpload(t.app, maya, 'cube.stl', bytes.byteLength);
    expect((await putBytes(t.app, upload.url, bytes)).statusCode).toBe(204);
    const again = await putBytes(t.app, upload.url, fixture('stl_binary-Cube.stl'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('upload_used');
    await t.app.inject({
      method: 'POST',
      url: `/api/models/${model.id}/complete`,
      headers: { cookie: maya },
    });
    const afterComplete = await putBytes(t.app, upload.url, bytes);
    expect(afterComplete.statusCode).toBe(409);
  });

  test('a link changed to name another object, or forged, is refused (403) and writes nothing', async () => {
    const a = await startUpload(t.app, maya, 'a.stl', 684);
    const b = await startUpload(t.app, other, 'b.stl', 684);
    const [payloadA, macA] = a.upload.url.slice('/api/uploads/'.length).split('.');
    const [payloadB] = b.upload.url.slice('/api/uploads/'.length).split('.');
    const grantA = JSON.parse(Buffer.from(payloadA!, 'base64url').toString());
    const grantB = JSON.parse(Buffer.from(payloadB!, 'base64url').toString());
    const bytes = fixture('stl_binary-Cube.stl');
    // A's signature on B's object
    const swapped = await putBytes(t.app, `/api/uploads/${payloadB}.${macA}`, bytes);
    expect(swapped.statusCode).toBe(403);
    expect(swapped.json().error).toEqual({
      code: 'upload_refused',
      message: 'This upload link is not valid.',
    });
    // A's link with a larger cap
    const bigger = Buffer.from(JSON.stringify({ ...grantA, n: 10_000_000 })).toString('base64url');
    expect((await putBytes(t.app, `/api/uploads/${bigger}.${macA}`, bytes)).statusCode).toBe(403);
    for (const token of ['nonsense', 'a.b.c', `${payloadA}.`]) {
      expect((await putBytes(t.app, `/api/uploads/${token}`, bytes)).statusCode).toBe(403);
    }
    expect(await t.ctx.storage.head(grantA.k)).toBeNull();
    expect(await t.ctx.storage.head(grantB.k)).toBeNull();
  });

  test('an expired link is refused (403) with a message to start again', async () => {
    const bytes = fixture('stl_binary-Cube.stl');
    const { upload } = await startUpload(t.app, maya, 'cube.stl', bytes.byteLength);
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 15 * 60_000 + 1_000);
    try {
      const res = await putBytes(t.app, upload.url, bytes);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({
        code: 'upload_expired',
        message: 'This upload link has expired. Please start the upload again.',
      });
    } finally {
      clock.mockRestore();
    }
  });

  test('over real HTTP: a streamed upload is stored; an oversized one gets its 413 before the connection closes', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const bytes = fixture('stl_binary-HalfDonut.stl');
    const first = await startUpload(t.app, maya, 'donut.stl', bytes.byteLength);
    const ok = await fetch(address + first.upload.url, {
      method: 'PUT',
      headers: first.upload.headers,
      body: bytes,
    });
    expect(ok.status).toBe(204);
    const second = await startUpload(t.app, maya, 'donut.stl', 1000);
    // a body sent as a stream (no content-length): refused while streaming
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new Uint8Array(64 * 1024));
        controller.close();
      },
    });
    const big = await fetch(address + second.upload.url, {
      method: 'PUT',
      headers: second.upload.headers,
      body: stream,
      duplex: 'half',
    } as RequestInit).catch((error: unknown) => error);
    expect(big).toBeInstanceOf(Response);
    expect((big as Response).status).toBe(413);
    expect(((await (big as Response).json()) as { error: { code: string } }).error.code).toBe(
      'upload_too_large',
    );
    const key = (await t.ctx.db.select().from(models).where(eq(models.id, second.model.id)))[0]!.storageKey;
    expect(await t.ctx.storage.head(key)).toBeNull();
    expect((await fetch(address + '/api/health')).status).toBe(200);
  });

  test('a link of a deleted model is refused', async () => {
    const bytes = fixture('stl_binary-Cube.stl');
    const { model, upload } = await startUpload(t.app, maya, 'cube.stl', bytes.byteLength);
    await t.app.inject({ method: 'DELETE', url: `/api/models/${model.id}`, headers: { cookie: maya } });
    expect((await putBytes(t.app, upload.url, bytes)).statusCode).toBe(403);
  });

  test('the body is never parsed as JSON: a JSON content type still stores the raw bytes', async () => {
    const bytes = new Uint8Array(Buffer.from('{"not":"a model"}'));
    const { model, upload } = await startUpload(t.app, maya, 'x.obj', bytes.byteLength);
    expect((await putBytes(t.app, upload.url, bytes, 'application/json')).statusCode).toBe(204);
    await t.app.inject({
      method: 'POST',
      url: `/api/models/${model.id}/complete`,
      headers: { cookie: maya },
    });
    const file = await get(`/api/models/${model.id}/file`, maya);
    expect(file.body).toBe('{"not":"a model"}');
  });
});

describe('my models: list, read, delete, download; nobody else sees them', () => {
  let mine: ModelView;
  beforeAll(async () => {
    mine = (await uploadModel(t.app, maya, 'Cube "gift".stl', fixture('stl_binary-Cube.stl'))).model;
  });

  test('the list is mine, newest first', async () => {
    const res = await get('/api/models', maya);
    const list = res.json().models as ModelView[];
    expect(list[0]?.id).toBe(mine.id);
    const times = list.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const theirs = (await get('/api/models', other)).json().models as ModelView[];
    expect(theirs.some((m) => m.id === mine.id)).toBe(false);
  });

  test('download: the raw file as an attachment, never sniffed; owner only', async () => {
    const res = await get(mine.fileUrl, maya);
    expect(res.statusCode).toBe(200);
    expect(new Uint8Array(res.rawPayload)).toEqual(fixture('stl_binary-Cube.stl'));
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Cube \\"gift\\".stl"');
    expect((await get(mine.fileUrl, other)).statusCode).toBe(404);
    expect((await get(mine.fileUrl)).statusCode).toBe(401);
  });

  test("another customer's model is not found for every call", async () => {
    const id = mine.id;
    const calls = [
      t.app.inject({ method: 'GET', url: `/api/models/${id}`, headers: { cookie: other } }),
      t.app.inject({ method: 'POST', url: `/api/models/${id}/complete`, headers: { cookie: other } }),
      t.app.inject({
        method: 'PATCH',
        url: `/api/models/${id}`,
        headers: { cookie: other },
        payload: { unit: 'cm' },
      }),
      t.app.inject({ method: 'DELETE', url: `/api/models/${id}`, headers: { cookie: other } }),
      putThumbnail(
        id,
        other,
        formData([
          { name: 'source', value: 'custom' },
          { name: 'image', filename: 'a.png', type: 'image/png', data: PNG },
        ]),
      ),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect((await get(`/api/models/${id}`, maya)).json().model).toEqual(mine);
  });

  test('an id that is not a uuid is the same 404 as an unknown one', async () => {
    expect((await get('/api/models/123', maya)).statusCode).toBe(404);
    expect((await get('/api/models/7d7a3f5e-0000-4000-8000-000000000000', maya)).statusCode).toBe(404);
  });

  test('delete removes the record, the file and the thumbnail', async () => {
    const { model } = await uploadModel(t.app, maya, 'gone.stl', fixture('stl_binary-Cube.stl'));
    const thumb = await putThumbnail(
      model.id,
      maya,
      formData([
        { name: 'source', value: 'render' },
        { name: 'image', filename: 'x.png', type: 'image/png', data: PNG },
      ]),
    );
    expect(thumb.statusCode).toBe(200);
    const row = (await t.ctx.db.select().from(models).where(eq(models.id, model.id)))[0]!;
    const thumbFile = (await t.ctx.db.select().from(files).where(eq(files.id, row.thumbnailFileId!)))[0]!;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/models/${model.id}`,
      headers: { cookie: maya },
    });
    expect(res.statusCode).toBe(204);
    expect((await get(`/api/models/${model.id}`, maya)).statusCode).toBe(404);
    expect(await t.ctx.storage.head(row.storageKey)).toBeNull();
    expect(await t.ctx.storage.head(thumbFile.key)).toBeNull();
    expect(await t.ctx.db.select().from(files).where(eq(files.id, thumbFile.id))).toEqual([]);
  });

  test('complete twice gives the same model without analysing again', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/models/${mine.id}/complete`,
      headers: { cookie: maya },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-analysis-thread']).toBeUndefined();
    expect(res.json().model).toEqual(mine);
  });
});

describe('unit confirmation', () => {
  test('cm, inches and feet rescale the analysis (length f, area f², volume f³); the raw analysis stays', async () => {
    const { model } = await uploadModel(t.app, maya, 'cube.stl', fixture('stl_ascii-Cube.stl'));
    const patch = (unit: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/models/${model.id}`,
        headers: { cookie: maya },
        payload: { unit },
      });
    const cm = (await patch('cm')).json().model as ModelView;
    expect(cm).toMatchObject({ unit: 'cm', unitConfirmed: true });
    expect(cm.rawAnalysis).toEqual(model.rawAnalysis);
    expect(cm.analysis?.sizeMm).toEqual({ x: 20, y: 20, z: 20 });
    expect(cm.analysis?.surfaceAreaMm2).toBeCloseTo(2400, 9);
    expect(cm.analysis?.volumeMm3).toBeCloseTo(8000, 9);
    const inches = (await patch('inches')).json().model as ModelView;
    expect(inches.unit).toBe('in');
    expect(inches.analysis?.sizeMm.x).toBeCloseTo(50.8, 12);
    expect(inches.analysis?.volumeMm3).toBeCloseTo(8 * 25.4 ** 3, 6);
    expect(inches.analysis?.surfaceAreaMm2).toBeCloseTo(24 * 25.4 ** 2, 8);
    expect(((await patch('foot')).json().model as ModelView).unit).toBe('ft');
    for (const unit of ['dm', 'm', 'in', 'ft', 'mm'])
      expect((await patch(unit)).json().model.unit).toBe(unit);
    const back = (await patch('mm')).json().model as ModelView;
    expect(back.analysis).toEqual(model.analysis);
  });

  test('an unknown unit is refused and changes nothing', async () => {
    const { model } = await uploadModel(t.app, maya, 'cube.stl', fixture('stl_ascii-Cube.stl'));
    for (const payload of [{ unit: 'furlong' }, { unit: 'MM' }, {}, { unit: 'cm', volumeMm3: 1 }]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/models/${model.id}`,
        headers: { cookie: maya },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/models/${model.id}`,
      headers: { cookie: maya },
      payload: { unit: 'furlong' },
    });
    expect(bad.json().error.message).toBe(
      'The unit must be one of mm, cm, dm, m, inches, inch, in, feet, foot, ft.',
    );
    expect((await get(`/api/models/${model.id}`, maya)).json().model).toEqual(model);
  });
});

describe('thumbnails', () => {
  let model: ModelView;
  beforeAll(async () => {
    model = (await uploadModel(t.app, maya, 'thumb.stl', fixture('stl_binary-Moon.stl'))).model;
  });
  const image = (filename: string, data: Buffer, source = 'render', type = 'image/png') =>
    formData([
      { name: 'source', value: source },
      { name: 'image', filename, type, data },
    ]);

  test('a rendered PNG (canvas blob without a name) becomes the thumbnail; a custom JPG replaces it', async () => {
    const res = await putThumbnail(model.id, maya, image('blob', PNG));
    expect(res.statusCode, res.body).toBe(200);
    const rendered = res.json().model as ModelView;
    expect(rendered.thumbnailSource).toBe('render');
    expect(rendered.thumbnailUrl).toMatch(new RegExp(`^/api/models/${model.id}/thumbnail\\?v=`));
    const img = await get(rendered.thumbnailUrl!, maya);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload).toEqual(PNG);
    expect((await get(rendered.thumbnailUrl!, other)).statusCode).toBe(404);

    const before = (await t.ctx.db.select({ n: count() }).from(files))[0]!.n;
    const custom = (
      await putThumbnail(model.id, maya, image('photo.jpeg', JPEG, 'custom', 'image/jpeg'))
    ).json().model as ModelView;
    expect(custom.thumbnailSource).toBe('custom');
    expect(custom.thumbnailUrl).not.toBe(rendered.thumbnailUrl);
    expect((await get(custom.thumbnailUrl!, maya)).headers['content-type']).toBe('image/jpeg');
    // the replaced image is gone
    expect((await t.ctx.db.select({ n: count() }).from(files))[0]!.n).toBe(before);
  });

  test('content decides: text named .png, a PNG named .jpg, a gif, an svg are refused and change nothing', async () => {
    const current = (await get(`/api/models/${model.id}`, maya)).json().model;
    const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    for (const body of [
      image('fake.png', Buffer.from('just some text, not an image')),
      image('real.jpg', PNG),
      image('anim.gif', GIF, 'custom', 'image/gif'),
      image('icon.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'custom', 'image/svg+xml'),
    ]) {
      const res = await putThumbnail(model.id, maya, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'unsupported_image',
        message: 'The thumbnail must be a PNG, JPG or WEBP image.',
      });
    }
    expect((await get(`/api/models/${model.id}`, maya)).json().model).toEqual(current);
  });

  test('over 5 MB is refused (413); a missing image or source is a 400', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await putThumbnail(model.id, maya, image('big.png', big));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({
      code: 'image_too_large',
      message: 'The thumbnail must be at most 5 MB.',
    });
    const noSource = await putThumbnail(
      model.id,
      maya,
      formData([{ name: 'image', filename: 'a.png', type: 'image/png', data: PNG }]),
    );
    expect(noSource.statusCode).toBe(400);
    expect(noSource.json().error.message).toBe("The thumbnail source must be 'render' or 'custom'.");
    const badSource = await putThumbnail(model.id, maya, image('a.png', PNG, 'camera'));
    expect(badSource.statusCode).toBe(400);
    const noImage = await putThumbnail(model.id, maya, formData([{ name: 'source', value: 'render' }]));
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json().error.message).toBe('Choose an image for the thumbnail.');
    const json = await t.app.inject({
      method: 'PUT',
      url: `/api/models/${model.id}/thumbnail`,
      headers: { cookie: maya },
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });
});

describe('an empty cube with a hole is still analysed, as not watertight', () => {
  test('boundary edges are counted', async () => {
    const cube = generateCube(10, [1, 1, 1]);
    const holed = cube.slice(0, cube.length - 9);
    const { model } = await uploadModel(t.app, maya, 'holed.stl', writeStlBinary(holed));
    expect(model.status).toBe('ready');
    expect(model.analysis).toMatchObject({ watertight: false, boundaryEdges: 3 });
  });
});
