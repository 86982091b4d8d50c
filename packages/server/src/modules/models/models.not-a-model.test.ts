import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { generateTorus, writeStlBinary } from '@facet/domain/mesh';
import { createTestApp } from '../../test/test-app';
import { givenCustomer } from '../../test/world';
import { modelMessages, type ModelView } from './models.contract';
import { uploadModel } from './models.test-helper';

let t: Awaited<ReturnType<typeof createTestApp>>;
let maya: string;

beforeAll(async () => {
  t = await createTestApp();
  maya = (await givenCustomer(t)).cookie;
});
afterAll(() => t.close());

/** The model once its analysis is over (it may still be running when the upload completes). */
async function settled(model: ModelView): Promise<ModelView> {
  if (model.status !== 'analysing' && model.status !== 'uploading') return model;
  return vi.waitFor(
    async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/models/${model.id}`,
        headers: { cookie: maya },
      });
      const current = (res.json() as { model: ModelView }).model;
      expect(current.status).not.toMatch(/^(analysing|uploading)$/);
      return current;
    },
    { timeout: 10_000, interval: 50 },
  );
}

/** The start of a 64-bit Linux executable (see the domain's not-a-model tests): 64 "triangles" at bytes 80..83. */
function elfExecutable(length: number): Uint8Array {
  const bytes = new Uint8Array(length).fill(0x72);
  const view = new DataView(bytes.buffer);
  bytes.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]);
  view.setUint16(16, 3, true);
  view.setUint16(18, 0x3e, true);
  view.setBigUint64(32, 64n, true);
  view.setUint32(64, 6, true);
  view.setBigUint64(72, 64n, true);
  view.setBigUint64(80, 64n, true);
  return bytes;
}

describe('a file that is not a jewelry model fails with a message the customer understands', () => {
  test('an executable renamed .stl ends failed (not_a_model), never a ready model of 3.7e30 mm', async () => {
    const { model } = await uploadModel(t.app, maya, 'ring.stl', elfExecutable(24_576));
    const done = await settled(model);
    expect(done.status).toBe('failed');
    expect(done.analysis).toBeNull();
    expect(done.error).toEqual({ code: 'not_a_model', message: modelMessages.notAModel });
  });

  test('a binary STL with coordinates beyond 16 m ends failed (out_of_range); the same ring in range is ready', async () => {
    const ring = generateTorus(9.5, 1, [3, 4, 5], 40, 12);
    const far = ring.slice();
    far[10] = 3.7e30;
    const failed = await settled((await uploadModel(t.app, maya, 'far.stl', writeStlBinary(far))).model);
    expect(failed.status).toBe('failed');
    expect(failed.error).toEqual({ code: 'out_of_range', message: modelMessages.outOfRange });

    const ready = await settled((await uploadModel(t.app, maya, 'ring.stl', writeStlBinary(ring))).model);
    expect(ready.status).toBe('ready');
    expect(ready.analysis?.triangles).toBe(ring.length / 9);
  });
});
