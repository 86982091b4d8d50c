import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, loginAs, sessionCookie } from '../../test/test-app';
import { customerSignup, designerSignup } from './test-payloads';

/**
 * Spec section 4: a pending professional waits on /pending; a blocked account is sent to /no-access from
 * projects, dashboard, produce and design. The API holds the same line, not only the browser.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = await loginAs(t.app, 'staff@demo.facet', 'staff');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const setStatus = (id: string, body: object) => call('PATCH', `/api/staff/accounts/${id}`, staff, body);

const UNDER_REVIEW = 'Your account is under review. You can start once the production team approves it.';
const NO_ACCESS = 'Your account does not have access to this area. Contact us to restore access.';

async function signUp(body: object) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return { cookie: sessionCookie(res), id: res.json().user.id as string };
}

describe('pending and blocked accounts on the API', () => {
  test('a pending designer may read and edit its own account, nothing else until approved', async () => {
    const { cookie, id } = await signUp(designerSignup('waiting@example.com'));
    for (const url of ['/api/invitations', '/api/projects', '/api/designers', '/api/designers/me']) {
      const res = await call('GET', url, cookie);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error, url).toEqual({ code: 'forbidden', message: UNDER_REVIEW });
    }
    expect((await call('GET', '/api/me', cookie)).json().user.status).toBe('pending');
    const edited = await call('PATCH', '/api/me', cookie, { firstName: 'Rafa' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().user.firstName).toBe('Rafa');

    await setStatus(id, { status: 'active' });
    expect((await call('GET', '/api/invitations', cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/projects', cookie)).statusCode).toBe(200);
  });

  test('an inactive customer cannot use projects, produce or design; nothing is created; browsing stays open', async () => {
    const { cookie, id } = await signUp(customerSignup('paused@example.com'));
    await setStatus(id, { isInactive: true });

    const create = await call('POST', '/api/projects', cookie, { title: 'Signet ring' });
    expect(create.statusCode).toBe(403);
    expect(create.json().error).toEqual({ code: 'forbidden', message: NO_ACCESS });
    for (const url of [
      '/api/projects',
      '/api/projects?filter=completed',
      '/api/projects/00000000-0000-4000-8000-000000000000',
      '/api/project-statuses',
      '/api/models',
      '/api/library',
    ]) {
      const res = await call('GET', url, cookie);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.message, url).toBe(NO_ACCESS);
    }
    const pricing = await call('POST', '/api/pricing', cookie, {});
    expect(pricing.json().error.message).toBe(NO_ACCESS);
    // a generated piece is a model too: closed with the rest of produce and design
    const generated = await call('POST', '/api/parametric-models', cookie, {
      kind: 'ring',
      params: { sizeSystem: 'us', size: 7, bandWidthMm: 4, thicknessMm: 1.8, profile: 'flat' },
    });
    expect(generated.statusCode).toBe(403);
    expect(generated.json().error.message).toBe(NO_ACCESS);

    // their own account and the public pages stay open (the spec's list is projects, dashboard, produce, design)
    expect((await call('GET', '/api/me', cookie)).json().user).toMatchObject({ blocked: true });
    expect((await call('GET', '/api/designers', cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/catalog', cookie)).statusCode).toBe(200);

    await setStatus(id, { isInactive: false });
    const list = await call('GET', '/api/projects', cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(0); // the refused create wrote nothing
  });

  test('a designer on hold or deactivated is kept out of invitations, projects and chat', async () => {
    const { cookie, id } = await signUp(designerSignup('paused.pro@example.com'));
    await setStatus(id, { status: 'active' });
    expect((await call('GET', '/api/invitations', cookie)).statusCode).toBe(200);
    for (const status of ['hold', 'deactivated']) {
      await setStatus(id, { status, reason: 'Standing test.' });
      for (const url of [
        '/api/invitations',
        '/api/projects',
        '/api/rooms/some-room/messages',
        '/api/change-requests/00000000-0000-4000-8000-000000000000/quote',
      ]) {
        const res = url.endsWith('/quote')
          ? await call('POST', url, cookie, {})
          : await call('GET', url, cookie);
        expect(res.statusCode, `${status} ${url}`).toBe(403);
        expect(res.json().error.message, `${status} ${url}`).toBe(NO_ACCESS);
      }
      // its own profile page (/designer-dashboard/profile) is not on the spec's list
      expect((await call('GET', '/api/designers/me', cookie)).statusCode, status).toBe(200);
    }
  });
});
