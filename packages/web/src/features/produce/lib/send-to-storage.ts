import { uploadMessages } from './upload-machine';
import type { UploadTarget } from './types';

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
 * Sends a file to the signed storage URL with XMLHttpRequest, whose upload progress events are the only
 * real progress a browser reports (fetch has none for request bodies).
 * - PUT: the raw bytes as application/octet-stream (disk storage: `/api/uploads/<token>`).
 * - POST: a presigned form (S3): every field first, then the file last, as S3 requires.
 * Resolves when storage answers 2xx; rejects with StorageUploadError (spec section 8 text) otherwise, or
 * with a DOMException named AbortError when the signal aborts.
 */
export function sendToStorage(file: Blob, target: UploadTarget, options: SendOptions = {}): Promise<void> {
  const { onProgress, signal } = options;
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(target.method, target.url);
    xhr.withCredentials = false;
    for (const [name, value] of Object.entries(target.headers ?? {})) xhr.setRequestHeader(name, value);

    let body: Blob | FormData;
    if (target.method === 'POST') {
      const form = new FormData();
      for (const [name, value] of Object.entries(target.fields ?? {})) form.append(name, value);
      form.append('file', file);
      body = form;
    } else {
      if (!target.headers || !Object.keys(target.headers).some((h) => h.toLowerCase() === 'content-type'))
        xhr.setRequestHeader('content-type', 'application/octet-stream');
      body = file;
    }

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    });
    xhr.addEventListener('load', () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(file.size, file.size);
        resolve();
      } else {
        reject(new StorageUploadError(xhr.status));
      }
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new StorageUploadError(0));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    });
    xhr.send(body);
  });
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
