import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { AppError } from './errors';
import {
  UPLOAD_TTL_SECONDS,
  byteCap,
  uploadEmpty,
  uploadUsed,
  type S3Settings,
  type Storage,
} from './storage';

function clientOf(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
}

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

function bodyStream(body: unknown): Readable {
  if (body instanceof Readable) return body;
  if (body && typeof (body as WebReadableStream).getReader === 'function') {
    return Readable.fromWeb(body as WebReadableStream);
  }
  throw new Error('unexpected S3 body');
}

const noSignedPut = () => new AppError('not_found', 'Uploads go straight to the bucket here.', 404);

/** An S3-compatible bucket; the browser uploads with a presigned POST limited by content-length-range. */
export function createS3Storage(settings: S3Settings): Storage {
  const s3 = clientOf(settings);
  const Bucket = settings.bucket;
  const storage: Storage = {
    kind: 's3',
    uploadOrigin: settings.endpoint
      ? new URL(settings.endpoint).origin
      : `https://${Bucket}.s3.${settings.region}.amazonaws.com`,
    async put(key, bytes) {
      await s3.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes }));
    },
    async putStream(key, body, { maxBytes }) {
      if (await storage.head(key)) throw uploadUsed();
      // gathered (at most maxBytes) so the length is known to S3
      const pieces: Buffer[] = [];
      for await (const chunk of body.pipe(byteCap(maxBytes))) pieces.push(chunk as Buffer);
      const bytes = Buffer.concat(pieces);
      if (bytes.length === 0) throw uploadEmpty();
      await s3.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes }));
      return { sizeBytes: bytes.length };
    },
    async get(key) {
      try {
        const out = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
        return bodyStream(out.Body);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async head(key) {
      try {
        const out = await s3.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { sizeBytes: out.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async createUpload(key, { maxBytes, expiresInSeconds = UPLOAD_TTL_SECONDS }) {
      const post = await createPresignedPost(s3, {
        Bucket,
        Key: key,
        Conditions: [['content-length-range', 1, maxBytes]],
        Expires: expiresInSeconds,
      });
      return {
        method: 'POST',
        url: post.url,
        fields: post.fields,
        expiresAt: new Date(Date.now() + expiresInSeconds * 1000).toISOString(),
      };
    },
    verifyUpload() {
      throw noSignedPut();
    },
    async receiveUpload() {
      throw noSignedPut();
    },
    sourceOf(key) {
      return { kind: 's3', settings, key };
    },
  };
  return storage;
}

/** Opens an object as chunks (used from worker threads, which build their own client). */
export async function openS3Object(
  settings: S3Settings,
  key: string,
): Promise<{ chunks: AsyncIterable<Uint8Array>; sizeBytes: number }> {
  const out = await clientOf(settings).send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
  return { chunks: bodyStream(out.Body), sizeBytes: out.ContentLength ?? 0 };
}
