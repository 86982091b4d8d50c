import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../api';
import type { ApiErrorBody } from './types';

/** Spec section 8: a failed response shows the server's message, else this text. */
export const DEFAULT_ERROR_MESSAGE = 'An error occurred.';
/** Spec section 8: a network failure is status 500 with this text. */
export const NETWORK_ERROR_MESSAGE = 'An unexpected error occurred.';

/** The one error type every API call throws. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Validation messages by dotted field path (400 validation_failed). */
  readonly fields: Record<string, string>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The text to show a person for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return NETWORK_ERROR_MESSAGE;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null;
}

async function readJson(response: Response): Promise<unknown> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return undefined;
  const text = await response.text();
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** Turns a failed response into an ApiError with the server's code, message and field messages. */
export async function toApiError(response: Response): Promise<ApiError> {
  const body = await readJson(response).catch(() => undefined);
  if (isErrorBody(body)) {
    const { code, message, fields } = body.error as Partial<ApiErrorBody['error']>;
    return new ApiError(
      response.status,
      typeof code === 'string' && code ? code : 'http_error',
      typeof message === 'string' && message.trim() ? message : DEFAULT_ERROR_MESSAGE,
      fields && typeof fields === 'object' ? fields : {},
    );
  }
  return new ApiError(response.status, 'http_error', DEFAULT_ERROR_MESSAGE);
}

/**
 * Every failure is an ApiError: a failed response carries the server's code and message; a network
 * failure is status 500 (spec section 8). A cancelled request rethrows the abort, so TanStack Query sees
 * a cancelled query rather than a failure to show.
 */
export const apiErrors: Middleware = {
  async onResponse({ response }) {
    if (!response.ok) throw await toApiError(response);
  },
  onError({ request, error }) {
    // thrown as it is: the abort may be a DOMException of another realm, which is no `Error` to return
    if (request.signal.aborted) throw error;
    return new ApiError(500, 'network_error', NETWORK_ERROR_MESSAGE);
  },
};

/**
 * The web's one API client: paths, params, bodies and replies typed together by the generated contract
 * (`src/api/openapi.d.ts`, decisions 018 and 070). JSON with the session cookie; a FormData body goes out
 * as multipart with the browser's boundary. `fetch` is looked up per request, so tests can stand in for
 * the network.
 */
export const api = createClient<paths>({
  // a Request needs an absolute URL; the API is on the page's own origin
  baseUrl: typeof location === 'undefined' ? '' : location.origin,
  credentials: 'same-origin',
  headers: { accept: 'application/json' },
  fetch: (request: Request) => globalThis.fetch(request),
});
api.use(apiErrors);

/**
 * The body of a successful reply: `await unwrap(api.GET('/api/me', { signal }))`. The middleware has
 * thrown an ApiError for every failure, so what arrives here is the success branch.
 */
export async function unwrap<T>(pending: Promise<{ data?: T; response: Response }>): Promise<T> {
  const { data } = await pending;
  return data as T;
}

/**
 * A multipart body for a route that takes files. The OpenAPI document describes JSON bodies only (the
 * multipart routes read the stream themselves), so their body is `never` in the contract: the path and the
 * reply stay checked, the form's fields are the route's own. openapi-fetch sends a FormData as it is and
 * the browser sets the boundary.
 */
export function formBody(form: FormData): never {
  return form as never;
}

/**
 * The sign-up body: the wizard's JSON, or multipart (`data` and `portfolioImages`) when there are images.
 * The sign-up routes read either themselves, so the document gives them no body (`never`); the reply is
 * still checked.
 */
export function signupBody(body: object | FormData): never {
  return body as never;
}
