import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
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

/** How long a worker thread's signed read address of an object lasts (an analysis takes seconds). */
const SOURCE_TTL_SECONDS = 5 * 60;

/** The smallest part S3 accepts in a multipart upload. */
const PART_BYTES = 5 * 1024 * 1024;

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
      // streamed in 5 MiB parts (a multipart upload), so memory stays small whatever the file size
      let sizeBytes = 0;
      let refusal: unknown = null;
      const cap = byteCap(maxBytes, (n) => (sizeBytes = n));
      cap.on('error', (error) => (refusal = error));
      body.on('error', (error) => cap.destroy(error));
      const upload = new Upload({
        client: s3,
        params: { Bucket, Key: key, Body: body.pipe(cap) },
        partSize: PART_BYTES,
        queueSize: 2,
      });
      try {
        await upload.done();
      } catch (error) {
        throw refusal ?? error; // a refused upload is aborted: no parts are left in the bucket
      }
      if (sizeBytes === 0) {
        await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
        throw uploadEmpty();
      }
      return { sizeBytes };
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
    async sourceOf(key) {
      const url = await getSignedUrl(s3, new GetObjectCommand({ Bucket, Key: key }), {
        expiresIn: SOURCE_TTL_SECONDS,
      });
      return { kind: 'url', url };
    },
    async removeStaleParts() {
      // a presigned POST stores the object whole or not at all
      return 0;
    },
  };
  return storage;
}
