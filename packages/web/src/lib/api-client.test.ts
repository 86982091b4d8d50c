import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  ApiError,
  DEFAULT_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  api,
  errorMessage,
  formBody,
  unwrap,
} from './api-client';

function respond(status: number, body?: unknown, contentType = 'application/json') {
  const fetchMock = vi.fn(
    async (_request: Request) =>
      new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'content-type': contentType },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const sent = (fetchMock: ReturnType<typeof respond>) => fetchMock.mock.calls[0]![0];

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  test('sends JSON with cookies and returns the parsed body', async () => {
    const fetchMock = respond(200, { user: { id: 'u1' } });
    const body = { email: 'a@b.co', password: 'secret-pass', portal: 'customer' as const };
    await expect(unwrap(api.POST('/api/auth/login', { body }))).resolves.toEqual({ user: { id: 'u1' } });
    const request = sent(fetchMock);
    expect(new URL(request.url).pathname).toBe('/api/auth/login');
    expect(request.method).toBe('POST');
    expect(request.credentials).toBe('same-origin');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.headers.get('accept')).toBe('application/json');
    expect(await request.text()).toBe(JSON.stringify(body));
  });

  test('sends FormData as multipart with the boundary the platform sets', async () => {
    const fetchMock = respond(201, { user: { id: 'u1' } });
    const form = new FormData();
    form.append('data', '{}');
    await api.POST('/api/auth/signup', { body: formBody(form) });
    const request = sent(fetchMock);
    expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect((await request.formData()).get('data')).toBe('{}');
  });

  test('204 resolves to undefined', async () => {
    respond(204);
    await expect(unwrap(api.POST('/api/auth/logout'))).resolves.toBeUndefined();
  });

  test("a failed response carries the server's status, code, message and field messages", async () => {
    respond(400, {
      error: {
        code: 'validation_failed',
        message: 'Email is required',
        fields: { email: 'Email is required' },
      },
    });
    const error = await api
      .POST('/api/me/password', { body: { currentPassword: '', newPassword: '' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Email is required',
      fields: { email: 'Email is required' },
    });
  });

  test("without a server message the text is 'An error occurred.'", async () => {
    respond(500, '<html>Bad gateway</html>', 'text/html');
    await expect(api.GET('/api/me')).rejects.toMatchObject({ status: 500, message: DEFAULT_ERROR_MESSAGE });
    respond(403, { error: { code: 'forbidden' } });
    await expect(api.GET('/api/me')).rejects.toMatchObject({
      status: 403,
      code: 'forbidden',
      message: 'An error occurred.',
    });
  });

  test("a network failure is status 500 with 'An unexpected error occurred.'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await api.GET('/api/me').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, code: 'network_error', message: NETWORK_ERROR_MESSAGE });
    expect(NETWORK_ERROR_MESSAGE).toBe('An unexpected error occurred.');
    expect(errorMessage(new Error('boom'))).toBe('An unexpected error occurred.');
  });

  test('a cancelled request rethrows the abort instead of an ApiError', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        controller.abort();
        throw new DOMException('aborted', 'AbortError');
      }),
    );
    const error = await api.GET('/api/me', { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
  });

  test('path params are encoded and query strings skip empty values', async () => {
    const fetchMock = respond(200, { designers: [] });
    await api.GET('/api/designers', { params: { query: { q: 'ring & co', page: 2, skill: undefined } } });
    expect(new URL(sent(fetchMock).url).search).toBe('?q=ring%20%26%20co&page=2');
    const again = respond(200, { project: {} });
    await api.GET('/api/projects/{id}', { params: { path: { id: 'a/b' } } });
    expect(new URL(sent(again).url).pathname).toBe('/api/projects/a%2Fb');
  });
});
