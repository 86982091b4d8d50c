import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { AppError } from './errors';
import { createDiskStorage, createStorage } from './storage';
import { signUploadToken, verifyUploadToken } from './storage-upload-token';

const code = async (promise: Promise<unknown> | (() => unknown)) => {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (e) {
    if (e instanceof AppError) return `${e.status} ${e.code}`;
    throw e;
  }
  throw new Error('expected a refusal');
};

describe('upload tokens', () => {
  const secret = Buffer.from('a-test-secret-of-at-least-32-characters');
  const grant = { key: 'models/a.stl', maxBytes: 100, expiresAt: 2_000_000_000_000 };

  test('a token gives back exactly its grant', () => {
    expect(verifyUploadToken(secret, signUploadToken(secret, grant), 1_000)).toEqual(grant);
  });

  test('another secret, a changed grant, an expired one or junk are refused', async () => {
    const token = signUploadToken(secret, grant);
    expect(
      await code(() => verifyUploadToken(Buffer.from('another secret, also long enough....'), token, 1)),
    ).toBe('403 upload_refused');
    const [, mac] = token.split('.');
    const changed = Buffer.from(JSON.stringify({ k: 'models/b.stl', n: 100, e: grant.expiresAt })).toString(
      'base64url',
    );
    expect(await code(() => verifyUploadToken(secret, `${changed}.${mac}`, 1))).toBe('403 upload_refused');
    expect(await code(() => verifyUploadToken(secret, token, grant.expiresAt + 1))).toBe(
      '403 upload_expired',
    );
    for (const junk of ['', '.', 'a.b.c', 'x'.repeat(3000)]) {
      expect(await code(() => verifyUploadToken(secret, junk, 1))).toBe('403 upload_refused');
    }
  });
});

describe('disk storage', () => {
  const made: string[] = [];
  const root = () => {
    const dir = mkdtempSync(join(tmpdir(), 'facet-storage-test-'));
    made.push(dir);
    return dir;
  };
  afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  test('putStream stores, refuses a second write, and keeps nothing of an oversized or empty body', async () => {
    const dir = root();
    const storage = createDiskStorage(dir);
    expect(
      await storage.putStream('models/a.stl', Readable.from([Buffer.from('hello ')]), { maxBytes: 10 }),
    ).toEqual({ sizeBytes: 6 });
    expect(await storage.head('models/a.stl')).toEqual({ sizeBytes: 6 });
    expect(
      await code(storage.putStream('models/a.stl', Readable.from([Buffer.from('x')]), { maxBytes: 10 })),
    ).toBe('409 upload_used');
    expect(
      await code(
        storage.putStream('models/b.stl', Readable.from([Buffer.alloc(6), Buffer.alloc(6)]), {
          maxBytes: 10,
        }),
      ),
    ).toBe('413 upload_too_large');
    expect(await code(storage.putStream('models/c.stl', Readable.from([]), { maxBytes: 10 }))).toBe(
      '400 upload_empty',
    );
    expect(await storage.head('models/b.stl')).toBeNull();
    expect(readdirSync(join(dir, 'models'))).toEqual(['a.stl']);
  });

  test('keys never leave the root; the worker source is the file path', async () => {
    const dir = root();
    const storage = createDiskStorage(dir);
    await expect(storage.sourceOf('../etc/passwd')).rejects.toThrow();
    expect(await storage.sourceOf('models/a.stl')).toEqual({ kind: 'file', path: join(dir, 'models/a.stl') });
  });

  test('a configured secret signs links that another process with the same secret accepts', async () => {
    const secret = 'x'.repeat(40);
    const a = createDiskStorage(root(), { uploadSecret: secret });
    const b = createDiskStorage(root(), { uploadSecret: secret });
    const c = createDiskStorage(root());
    const target = await a.createUpload('models/z.stl', { maxBytes: 50 });
    const token = target.url.slice('/api/uploads/'.length);
    expect(b.verifyUpload(token)).toMatchObject({ key: 'models/z.stl', maxBytes: 50 });
    expect(await code(() => c.verifyUpload(token))).toBe('403 upload_refused');
  });
});

describe('S3 storage (chosen by S3_BUCKET)', () => {
  const env = {
    NODE_ENV: 'test',
    S3_BUCKET: 'facet-models',
    S3_REGION: 'eu-central-1',
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_ACCESS_KEY_ID: 'facet-test',
    S3_SECRET_ACCESS_KEY: 'facet-test-secret',
  };

  test('the config reads the S3 keys; a partial S3 configuration is refused at boot', () => {
    expect(loadConfig(env).s3).toEqual({
      bucket: 'facet-models',
      region: 'eu-central-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'facet-test',
      secretAccessKey: 'facet-test-secret',
    });
    expect(loadConfig({ NODE_ENV: 'test' }).s3).toBeNull();
    expect(() => loadConfig({ NODE_ENV: 'test', S3_REGION: 'eu-central-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_ACCESS_KEY_ID/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'b-1', S3_ENDPOINT: 'not a url' })).toThrow(
      /S3_ENDPOINT/,
    );
    expect(loadConfig({ NODE_ENV: 'test' }).maxModelBytes).toBe(250 * 1024 * 1024);
  });

  test('a presigned POST for exactly one key, limited by content-length-range, for 15 minutes', async () => {
    const storage = await createStorage({ s3: loadConfig(env).s3, diskRoot: '/nonexistent' });
    expect(storage.kind).toBe('s3');
    expect(storage.uploadOrigin).toBe('http://127.0.0.1:9000');
    const aws = await createStorage({
      s3: { bucket: 'facet-models', region: 'eu-central-1', accessKeyId: 'k', secretAccessKey: 's' },
      diskRoot: '/x',
    });
    expect(aws.uploadOrigin).toBe('https://facet-models.s3.eu-central-1.amazonaws.com');
    expect((await aws.createUpload('models/a.stl', { maxBytes: 5 })).url).toBe(`${aws.uploadOrigin}/`);
    const before = Date.now();
    const target = await storage.createUpload('models/abc.stl', { maxBytes: 1234 });
    expect(target.method).toBe('POST');
    expect(target.url).toBe('http://127.0.0.1:9000/facet-models');
    expect(target.fields).toMatchObject({ key: 'models/abc.stl', 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' });
    const policy = JSON.parse(Buffer.from(target.fields!.Policy!, 'base64').toString()) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 1234]);
    expect(policy.conditions).toContainEqual({ key: 'models/abc.stl' });
    expect(policy.conditions).toContainEqual({ bucket: 'facet-models' });
    const ttl = Date.parse(policy.expiration) - before;
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000 + 2_000);
    // a worker reads an object through a short-lived signed GET address, without keys of its own
    const source = await storage.sourceOf('models/abc.stl');
    expect(source.kind).toBe('url');
    const read = new URL((source as { url: string }).url);
    expect(read.pathname).toBe('/facet-models/models/abc.stl');
    expect(read.searchParams.get('X-Amz-Expires')).toBe('300');
    // the signed PUT route of the disk does not exist for a bucket
    expect(await code(() => storage.verifyUpload('x.y'))).toBe('404 not_found');
  });
});
