import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  ApiError,
  DEFAULT_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  api,
  apiUrl,
  errorMessage,
} from './api-client';

function respond(status: number, body?: unknown, contentType = 'application/json') {
  const fetchMock = vi.fn(
    async () =>
      new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'content-type': contentType },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  test('sends JSON with cookies and returns the parsed body', async () => {
    const fetchMock = respond(200, { user: { id: 'u1' } });
    await expect(api.post('/api/auth/login', { email: 'a@b.co' })).resolves.toEqual({ user: { id: 'u1' } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/login');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(init.body).toBe('{"email":"a@b.co"}');
  });

  test('passes FormData through untouched so the browser sets the multipart boundary', async () => {
    const fetchMock = respond(201, { user: { id: 'u1' } });
    const form = new FormData();
    form.append('data', '{}');
    await api.post('/auth/signup', form);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/signup');
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['content-type']).toBeUndefined();
  });

  test('204 resolves to undefined', async () => {
    respond(204);
    await expect(api.post('/api/auth/logout')).resolves.toBeUndefined();
  });

  test("a failed response carries the server's status, code, message and field messages", async () => {
    respond(400, {
      error: {
        code: 'validation_failed',
        message: 'Email is required',
        fields: { email: 'Email is required' },
      },
    });
    const error = await api.post('/api/auth/signup', {}).catch((e: unknown) => e);
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
    await expect(api.get('/api/me')).rejects.toMatchObject({ status: 500, message: DEFAULT_ERROR_MESSAGE });
    respond(403, { error: { code: 'forbidden' } });
    await expect(api.get('/api/me')).rejects.toMatchObject({
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
    const error = await api.get('/api/me').catch((e: unknown) => e);
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
    const error = await api.get('/api/me', { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
  });

  test('query strings skip empty values and repeat arrays', () => {
    expect(
      apiUrl('/designers', { q: 'ring', page: 2, tag: ['cad', 'wax'], empty: undefined, none: null }),
    ).toBe('/api/designers?q=ring&page=2&tag=cad&tag=wax');
    expect(apiUrl('/api/me')).toBe('/api/me');
    expect(apiUrl('me')).toBe('/api/me');
  });
});
