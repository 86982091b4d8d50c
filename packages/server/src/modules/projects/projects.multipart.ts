import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import type { ProjectsService } from './projects.service';
import {
  attachmentTooLarge,
  MAX_ATTACHMENT_BYTES,
  noFiles,
  tooManyFiles,
  type StoredUpload,
  type UploadedFile,
} from './project-files.rules';

/** Reading the multipart bodies of the projects' upload routes (small files in memory, large ones streamed). */

function requireMultipart(request: FastifyRequest) {
  if (!request.isMultipart())
    throw new AppError('unsupported_media_type', 'This request must be multipart/form-data.', 415);
}

/** Reads the files of a multipart field into memory (at most `max`, each at most `maxBytes`): small files only. */
export async function readFiles(
  request: FastifyRequest,
  field: string,
  max: number,
  { maxBytes = MAX_ATTACHMENT_BYTES, tooLarge = attachmentTooLarge } = {},
): Promise<UploadedFile[]> {
  requireMultipart(request);
  const files: UploadedFile[] = [];
  for await (const part of request.files({ limits: { fileSize: maxBytes, files: max } })) {
    if (part.fieldname !== field) {
      await part.toBuffer();
      continue;
    }
    const bytes = await part.toBuffer().catch((err: { code?: string }) => {
      if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw err;
    });
    files.push({ name: part.filename, bytes: new Uint8Array(bytes) });
  }
  return files;
}

/**
 * Streams the files of the multipart field `files` into storage one after another (memory holds a
 * chunk at a time, never a file). On any refusal every file this request stored is removed, and the
 * rest of the body is read and dropped so the answer reaches the sender.
 */
export async function streamFiles(
  request: FastifyRequest,
  projects: Pick<ProjectsService, 'receiveFile' | 'removeStored'>,
  projectId: string,
  max: number,
): Promise<StoredUpload[]> {
  requireMultipart(request);
  const stored: StoredUpload[] = [];
  // busboy may pass one byte more than the limit, so the storage cap is the one that refuses;
  // one file more than allowed is let through to be refused with its own message
  const parts = request
    .files({ limits: { fileSize: MAX_ATTACHMENT_BYTES + 1, files: max + 1 } })
    [Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await parts.next();
      if (next.done) break;
      const part = next.value;
      if (part.fieldname !== 'files') {
        part.file.resume();
        continue;
      }
      if (stored.length >= max) {
        part.file.resume();
        throw tooManyFiles(max);
      }
      stored.push(await projects.receiveFile(projectId, { name: part.filename, stream: part.file }));
    }
  } catch (error) {
    await projects.removeStored(stored);
    void (async () => {
      for (;;) {
        const next = await parts.next().catch(() => ({ done: true as const, value: undefined }));
        if (next.done) return;
        next.value.file.resume();
      }
    })();
    throw error;
  }
  if (stored.length === 0) throw noFiles();
  return stored;
}
