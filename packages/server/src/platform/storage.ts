import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform, type Readable, type Writable } from 'node:stream';
import { AppError } from './errors';
import { signUploadToken, verifyUploadToken, type UploadGrant } from './storage-upload-token';

export type { UploadGrant } from './storage-upload-token';

/** Where the browser sends a file's bytes itself (a signed PUT to us, or a presigned POST to the bucket). */
export interface UploadTarget {
  method: 'PUT' | 'POST';
  url: string;
  fields?: Record<string, string>;
  headers?: Record<string, string>;
  expiresAt: string;
}

/** An S3-compatible bucket (AWS, MinIO, R2 …); no keys means the SDK's default credential chain. */
export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** How another thread opens an object by itself: plain data, safe to post to a worker. */
export type StorageSource =
  | { kind: 'file'; path: string }
  /** A short-lived signed GET address of a bucket object: worker threads need neither the SDK nor keys. */
  | { kind: 'url'; url: string };

/** The file port: local disk by default, an S3-compatible bucket when configured; same interface. */
export interface Storage {
  readonly kind: 'disk' | 's3';
  /** The origin the browser uploads to when it is not this site (the bucket): allowed in the CSP. */
  readonly uploadOrigin: string | null;
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** Stores a stream, refusing (and keeping nothing) past `maxBytes`; never replaces an existing object. */
  putStream(key: string, body: Readable, options: { maxBytes: number }): Promise<{ sizeBytes: number }>;
  get(key: string): Promise<Readable | null>;
  head(key: string): Promise<{ sizeBytes: number } | null>;
  remove(key: string): Promise<void>;
  /** A signed place for the browser to send the bytes of exactly `key`, at most `maxBytes`. */
  createUpload(key: string, options: { maxBytes: number; expiresInSeconds?: number }): Promise<UploadTarget>;
  /** The grant of a signed upload token (disk only; a bucket checks its own signatures). */
  verifyUpload(token: string): UploadGrant;
  /** Receives the body sent to a signed upload URL; one upload per object. */
  receiveUpload(grant: UploadGrant, body: Readable): Promise<{ sizeBytes: number }>;
  sourceOf(key: string): Promise<StorageSource>;
  /**
   * Removes the leftovers of cut-off uploads (disk: `.part-…` files untouched for `olderThanMs`); gives
   * how many. A bucket keeps no partial objects of a presigned POST, so there it removes nothing.
   */
  removeStaleParts(olderThanMs: number): Promise<number>;
}

export const UPLOAD_TTL_SECONDS = 15 * 60;
/** A `.part-…` file untouched this long belongs to an upload that was cut off (links live 15 minutes). */
export const STALE_PART_MS = 60 * 60 * 1000;
const PART_NAME = /\.part-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const UPLOAD_URL_PREFIX = '/api/uploads/';

export const uploadTooLarge = () =>
  new AppError('upload_too_large', 'The file is larger than the size given when the upload started.', 413);
export const uploadUsed = () => new AppError('upload_used', 'This upload link has already been used.', 409);
export const uploadEmpty = () => new AppError('upload_empty', 'The file is empty.', 400);

/** Counts bytes through a stream and fails it as soon as there are more than `maxBytes`. */
export function byteCap(maxBytes: number, onCount?: (n: number) => void): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      onCount?.(total);
      if (total > maxBytes) callback(uploadTooLarge());
      else callback(null, chunk);
    },
  });
}

/**
 * Copies `body` into `out`, at most `maxBytes`. On too many bytes it stops reading without destroying
 * `body` (a request stream: destroying it would reset the connection before the 413 is sent).
 */
export function copyCapped(body: Readable, out: Writable, maxBytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let total = 0;
    let settled = false;
    let ended = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      body.unpipe(cap);
      out.destroy();
      reject(error);
    };
    const cap = byteCap(maxBytes, (n) => (total = n));
    body.on('end', () => (ended = true));
    body.on('error', fail);
    body.on('close', () => {
      if (!ended) fail(new AppError('upload_aborted', 'The upload was interrupted. Please try again.', 400));
    });
    cap.on('error', fail);
    out.on('error', fail);
    out.on('close', () => {
      if (settled) return;
      settled = true;
      resolve(total);
    });
    body.pipe(cap).pipe(out);
  });
}

export function createDiskStorage(rootDir: string, options: { uploadSecret?: string } = {}): Storage {
  const root = resolve(rootDir);
  // a per-process secret unless configured: an unconfigured restart only voids links younger than 15 minutes
  const secret = options.uploadSecret ? Buffer.from(options.uploadSecret) : randomBytes(32);
  const pathOf = (key: string) => {
    const full = resolve(join(root, key));
    // keys are ours, but a key must never climb out of the storage root
    if (!full.startsWith(root + sep)) throw new Error(`invalid storage key ${key}`);
    return full;
  };
  const exists = async (full: string) => {
    try {
      return (await stat(full)).isFile();
    } catch {
      return false;
    }
  };

  const storage: Storage = {
    kind: 'disk',
    uploadOrigin: null,
    async put(key, bytes) {
      const full = pathOf(key);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, bytes);
    },
    async putStream(key, body, { maxBytes }) {
      const full = pathOf(key);
      if (await exists(full)) throw uploadUsed();
      await mkdir(dirname(full), { recursive: true });
      // written aside, then linked in place: a half-sent or oversized body never becomes the object,
      // and link() refuses when another upload got there first
      const temp = `${full}.part-${randomUUID()}`;
      try {
        const sizeBytes = await copyCapped(body, createWriteStream(temp, { flags: 'wx' }), maxBytes);
        if (sizeBytes === 0) throw uploadEmpty();
        try {
          await link(temp, full);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw uploadUsed();
          throw error;
        }
        return { sizeBytes };
      } finally {
        await rm(temp, { force: true });
      }
    },
    async get(key) {
      const full = pathOf(key);
      if (!(await exists(full))) return null;
      return createReadStream(full);
    },
    async head(key) {
      try {
        const s = await stat(pathOf(key));
        return s.isFile() ? { sizeBytes: s.size } : null;
      } catch {
        return null;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async createUpload(key, { maxBytes, expiresInSeconds = UPLOAD_TTL_SECONDS }) {
      pathOf(key);
      const expiresAt = Date.now() + expiresInSeconds * 1000;
      const token = signUploadToken(secret, { key, maxBytes, expiresAt });
      return {
        method: 'PUT',
        url: `${UPLOAD_URL_PREFIX}${token}`,
        headers: { 'content-type': 'application/octet-stream' },
        expiresAt: new Date(expiresAt).toISOString(),
      };
    },
    verifyUpload(token) {
      return verifyUploadToken(secret, token);
    },
    async receiveUpload(grant, body) {
      return storage.putStream(grant.key, body, { maxBytes: grant.maxBytes });
    },
    async sourceOf(key) {
      return { kind: 'file', path: pathOf(key) };
    },
    async removeStaleParts(olderThanMs) {
      const before = Date.now() - olderThanMs;
      let removed = 0;
      const walk = async (dir: string): Promise<void> => {
        let entries;
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch {
          return; // nothing stored yet
        }
        for (const entry of entries) {
          const full = join(dir, entry.name);
          if (entry.isDirectory()) await walk(full);
          else if (entry.isFile() && PART_NAME.test(entry.name)) {
            // an upload still arriving keeps writing, so its file stays fresh
            const s = await stat(full).catch(() => null);
            if (s && s.mtimeMs < before) {
              await rm(full, { force: true });
              removed += 1;
            }
          }
        }
      };
      await walk(root);
      return removed;
    },
  };
  return storage;
}

/** S3 when a bucket is configured, otherwise the disk under `diskRoot`. */
export async function createStorage(options: {
  s3: S3Settings | null;
  diskRoot: string;
  uploadSecret?: string;
}): Promise<Storage> {
  if (options.s3) {
    const { createS3Storage } = await import('./storage-s3');
    return createS3Storage(options.s3);
  }
  return createDiskStorage(options.diskRoot, { uploadSecret: options.uploadSecret });
}

/** Opens a storage object as a stream of chunks from any thread (the analysis workers use it). */
export async function openSource(
  source: StorageSource,
  chunkBytes = 1 << 20,
): Promise<{ chunks: AsyncIterable<Uint8Array>; sizeBytes: number }> {
  if (source.kind === 'file') {
    const s = await stat(source.path);
    return { chunks: createReadStream(source.path, { highWaterMark: chunkBytes }), sizeBytes: s.size };
  }
  const res = await fetch(source.url);
  if (!res.ok || !res.body) throw new Error(`the stored object could not be read (HTTP ${res.status})`);
  return { chunks: res.body, sizeBytes: Number(res.headers.get('content-length') ?? 0) };
}
