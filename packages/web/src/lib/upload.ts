/**
 * The web's one uploader with progress. XMLHttpRequest, because its upload progress events are the only
 * real progress a browser reports (fetch has none for request bodies). Used by the model upload (signed
 * storage URL) and chat attachments; plain JSON and small multipart calls go through `api-client`.
 */
export type UploadRequest = {
  method: 'POST' | 'PUT';
  url: string;
  /** A FormData goes out as multipart (the browser sets the boundary); a Blob as its raw bytes. */
  body: Blob | FormData;
  headers?: Record<string, string>;
  /** Send the session cookie (our own API); signed storage URLs of another origin go without. */
  withCredentials?: boolean;
  /** Bytes sent so far and in all, whenever the browser knows the total. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
};

export type UploadReply = {
  status: number;
  ok: boolean;
  /** The answer as a fetch Response (body and content type), e.g. for `toApiError` or `.json()`. */
  toResponse: () => Response;
};

/** The request could not be sent or got no answer (offline, refused, CORS). */
export class UploadNetworkError extends Error {
  constructor() {
    super('The upload could not reach the server.');
    this.name = 'UploadNetworkError';
  }
}

export const UPLOAD_CANCELLED = 'The upload was cancelled.';

const cancelled = () => new DOMException(UPLOAD_CANCELLED, 'AbortError');

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Sends the body and resolves with the answer, whatever its status. Rejects with a DOMException named
 * AbortError when the signal aborts, and with UploadNetworkError when nothing answers.
 */
export function upload(request: UploadRequest): Promise<UploadReply> {
  const { signal, onProgress } = request;
  return new Promise<UploadReply>((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    xhr.withCredentials = request.withCredentials ?? false;
    for (const [name, value] of Object.entries(request.headers ?? {})) xhr.setRequestHeader(name, value);

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    });
    xhr.addEventListener('load', () => {
      done();
      resolve({
        status: xhr.status,
        ok: xhr.status >= 200 && xhr.status < 300,
        toResponse: () =>
          new Response(xhr.responseText, {
            status: xhr.status,
            headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' },
          }),
      });
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new UploadNetworkError());
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(cancelled());
    });
    xhr.send(request.body);
  });
}
