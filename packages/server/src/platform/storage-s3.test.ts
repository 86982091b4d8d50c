import { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startS3Server } from '../test/s3-server';
import { AppError } from './errors';
import { createStorage, openSource, type Storage } from './storage';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let storage: Storage;
beforeAll(async () => {
  s3 = await startS3Server();
  storage = await createStorage({ s3: s3.settings, diskRoot: '/nonexistent' });
});
afterAll(() => s3.close());

const keys = async () =>
  ((await s3.client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }))).Contents ?? []).map(
    (o) => o.Key,
  );
const text = async (stream: Readable | null) => {
  const parts: Buffer[] = [];
  for await (const chunk of stream!) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
};
const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (e) {
    if (e instanceof AppError) return `${e.status} ${e.code}`;
    throw e;
  }
  throw new Error('expected a refusal');
};
/** `parts` chunks of 1 MiB, each filled with its index. */
const mebibytes = (parts: number) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < parts; i++) yield Buffer.alloc(1 << 20, i);
    })(),
  );

describe('S3 storage against an S3-compatible server', () => {
  test('put, head, get and remove an object', async () => {
    await storage.put('models/a.stl', Buffer.from('solid a'));
    expect(await storage.head('models/a.stl')).toEqual({ sizeBytes: 7 });
    expect((await text(await storage.get('models/a.stl'))).toString()).toBe('solid a');
    await storage.remove('models/a.stl');
    expect(await storage.head('models/a.stl')).toBeNull();
    expect(await storage.get('models/a.stl')).toBeNull();
  });

  test('a stream of 12 MiB goes up in parts and comes back byte for byte', async () => {
    const stored = await storage.putStream('chat/big.pdf', mebibytes(12), { maxBytes: 20 << 20 });
    expect(stored).toEqual({ sizeBytes: 12 << 20 });
    const back = await text(await storage.get('chat/big.pdf'));
    expect(back.length).toBe(12 << 20);
    expect([back[0], back[(5 << 20) + 1], back[(12 << 20) - 1]]).toEqual([0, 5, 11]);
  });

  test('a stream over its limit is refused with 413 and no object is left', async () => {
    expect(await refusal(storage.putStream('chat/too-big.pdf', mebibytes(12), { maxBytes: 11 << 20 }))).toBe(
      '413 upload_too_large',
    );
    expect(await keys()).not.toContain('chat/too-big.pdf');
  });

  test('an empty stream is refused and nothing is kept; a used key is refused', async () => {
    expect(await refusal(storage.putStream('chat/empty.txt', Readable.from([]), { maxBytes: 10 }))).toBe(
      '400 upload_empty',
    );
    expect(await keys()).not.toContain('chat/empty.txt');
    await storage.put('chat/taken.txt', Buffer.from('x'));
    expect(
      await refusal(storage.putStream('chat/taken.txt', Readable.from([Buffer.from('y')]), { maxBytes: 10 })),
    ).toBe('409 upload_used');
  });

  test('a presigned POST, sent as a browser form, stores the file, which a worker source then reads', async () => {
    const target = await storage.createUpload('models/form.stl', { maxBytes: 1000 });
    const form = new FormData();
    for (const [name, value] of Object.entries(target.fields ?? {})) form.append(name, value);
    form.append('file', new Blob([Buffer.from('solid form\nendsolid form\n')]), 'form.stl');
    const res = await fetch(target.url, { method: 'POST', body: form });
    expect(res.status).toBe(204);
    const { chunks, sizeBytes } = await openSource(await storage.sourceOf('models/form.stl'));
    expect(sizeBytes).toBe(25);
    expect((await text(Readable.from(chunks))).toString()).toBe('solid form\nendsolid form\n');
  });
});
