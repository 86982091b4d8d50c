import { uploadMessages } from './upload-machine';
import type { UploadTarget } from './types';
import { isAbortError, upload, UploadNetworkError } from '../../../lib/upload';
import type { UploadReply } from '../../../lib/upload';

export class StorageUploadError extends Error {
  readonly status: number;
  constructor(status: number, message: string = uploadMessages.storageFailed) {
    super(message);
    this.name = 'StorageUploadError';
    this.status = status;
  }
}

export type SendOptions = {
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
};

/**
 * Sends a file to the signed storage URL with the shared uploader (`lib/upload`), reporting progress.
 * - PUT: the raw bytes as application/octet-stream (disk storage: `/api/uploads/<token>`).
 * - POST: a presigned form (S3): every field first, then the file last, as S3 requires.
 * Resolves when storage answers 2xx; rejects with StorageUploadError (spec section 8 text) otherwise, or
 * with a DOMException named AbortError when the signal aborts.
 */
export async function sendToStorage(
  file: Blob,
  target: UploadTarget,
  options: SendOptions = {},
): Promise<void> {
  const headers = { ...target.headers };
  let body: Blob | FormData;
  if (target.method === 'POST') {
    const form = new FormData();
    for (const [name, value] of Object.entries(target.fields ?? {})) form.append(name, value);
    form.append('file', file);
    body = form;
  } else {
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
      headers['content-type'] = 'application/octet-stream';
    body = file;
  }
  let reply: UploadReply;
  try {
    reply = await upload({ method: target.method, url: target.url, body, headers, ...options });
  } catch (error) {
    if (error instanceof UploadNetworkError) throw new StorageUploadError(0);
    throw error;
  }
  if (!reply.ok) throw new StorageUploadError(reply.status);
  options.onProgress?.(file.size, file.size);
}

export { isAbortError };
