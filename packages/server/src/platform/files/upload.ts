import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/**
 * The one multipart reader of file uploads: the file parts of one field go, one after another, to the
 * caller's `receive` (which streams them into storage, or reads a small one into memory under its cap);
 * the other fields are kept as text. On any refusal what was received is handed back to `onRefusal`
 * (to remove it) and the rest of the body is read and dropped, so the answer reaches the sender.
 */

export const notMultipart = () =>
  new AppError('unsupported_media_type', 'This request must be multipart/form-data.', 415);

export function requireMultipart(request: FastifyRequest, refusal: () => AppError = notMultipart) {
  if (!request.isMultipart()) throw refusal();
}

export interface UploadOptions<T> {
  field: string;
  /** Files taken from the field; one more is refused with `tooMany`. */
  max: number;
  /** The byte cap of one file (the receiver enforces it; the parser lets one byte more through to it). */
  maxBytes: number;
  receive: (file: { name: string; stream: Readable }) => Promise<T>;
  tooMany?: (max: number) => AppError;
  onRefusal?: (received: T[]) => Promise<void>;
  /** Refused when the request is not multipart (default: 415). */
  notMultipart?: () => AppError;
}

export const tooManyFiles = (max: number) =>
  new AppError('too_many_files', `Send at most ${max} files at once.`, 400);

export async function readUpload<T>(
  request: FastifyRequest,
  options: UploadOptions<T>,
): Promise<{ files: T[]; fields: Record<string, string> }> {
  requireMultipart(request, options.notMultipart);
  const files: T[] = [];
  const fields: Record<string, string> = {};
  const parts = request
    .parts({ limits: { fileSize: options.maxBytes + 1, files: options.max + 1 } })
    [Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await parts.next();
      if (next.done) break;
      const part = next.value;
      if (part.type !== 'file') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== options.field) {
        part.file.resume();
        continue;
      }
      if (files.length >= options.max) {
        part.file.resume();
        throw (options.tooMany ?? tooManyFiles)(options.max);
      }
      files.push(await options.receive({ name: part.filename ?? '', stream: part.file }));
    }
  } catch (error) {
    await options.onRefusal?.(files);
    void (async () => {
      for (;;) {
        const next = await parts.next().catch(() => ({ done: true as const, value: undefined }));
        if (next.done) return;
        if (next.value.type === 'file') next.value.file.resume();
      }
    })();
    throw error;
  }
  return { files, fields };
}

/** Reads a small file into memory, refusing it past `maxBytes` (the rest is read and dropped first). */
export function bytesOf(stream: Readable, maxBytes: number, tooLarge: () => AppError): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    stream.on('data', (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total <= maxBytes) chunks.push(chunk);
    });
    stream.on('error', reject);
    stream.on('end', () => {
      if (total > maxBytes) return reject(tooLarge());
      const all = Buffer.concat(chunks);
      resolve(new Uint8Array(all.buffer, all.byteOffset, all.byteLength));
    });
  });
}
