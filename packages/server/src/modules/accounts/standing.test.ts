import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, loginAs, sessionCookie } from '../../test/test-app';
import { givenStaff } from '../../test/world';
import { payments } from '../payments/payments.tables';
import { customerSignup, designerSignup } from './test-payloads';

/**
 * Spec section 4: a pending professional waits on /pending; a blocked account is sent to /no-access from
 * projects, dashboard, produce and design. The API holds the same line, not only the browser.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = (await givenStaff(t)).cookie;
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
    const signup = designerSignup('paused.pro@example.com');
    const { cookie: first, id } = await signUp(signup);
    let cookie = first;
    await setStatus(id, { status: 'active' });
    expect((await call('GET', '/api/invitations', cookie)).statusCode).toBe(200);
    for (const status of ['hold', 'deactivated']) {
      await setStatus(id, { status, reason: 'Standing test.' });
      // deactivating ends the sessions: signed in again, the account is still kept out
      if (status === 'deactivated') cookie = await loginAs(t.app, signup.email, 'designer', signup.password);
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

/**
 * Spec section 4 and issue 28: a blocked account pays for nothing. Every route that moves money or takes an
 * order declares `movesMoney`; the standing rule refuses it before the handler (so before any gateway call).
 */
describe('blocked accounts are charged nothing', () => {
  const SOME_ID = '00000000-0000-4000-8000-000000000000';
  /** What each money route is sent: a request the route would take from an active customer. */
  const BODIES: Record<string, object> = {
    'POST /api/me/credits/purchase': { pack: 'pack-50' },
    'POST /api/me/membership': { plan: 'Pro' },
  };
  const money = () => t.app.moneyRoutes.map((r) => r.split(' ') as ['POST', string]);
  const send = (method: string, url: string, cookie: string, key: string) =>
    t.app.inject({
      method: method as 'POST',
      url: url.replace(/:[a-zA-Z]+/g, SOME_ID),
      headers: { cookie, 'idempotency-key': key },
      payload: BODIES[`${method} ${url}`] ?? {},
    });
  const paymentsOf = async (userId: string) =>
    (await t.ctx.db.select().from(payments).where(eq(payments.payerId, userId))).length;

  test('the app declares its money routes: purchases, plans, checkout, project and change payments', () => {
    expect(t.app.moneyRoutes).toEqual(
      expect.arrayContaining([
        'POST /api/me/credits/purchase',
        'POST /api/me/membership',
        'POST /api/checkout',
        'POST /api/projects/:id/payment',
        'POST /api/change-requests/:id/payment',
        'POST /api/invitations/:id/accept',
      ]),
    );
  });

  test('every non-staff route whose address names money declares it (a new one cannot forget)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    // each exemption says why the route may serve a blocked account
    const EXEMPT = new Set([
      'POST /api/me/payout-account', // a pro's payout onboarding charges no one
      'POST /api/webhooks/payments', // the gateway's signed call, no one's session
      'POST /api/orders/:id/cancel', // gives a customer's money back: a blocked one keeps that right
    ]);
    const moneyWords = /payment|checkout|purchase|membership|credits|accept|refund|payout|order|escrow|pay\b/;
    const unflagged = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`)
        .filter((r) => r.includes(' /api/') && !r.includes(' /api/staff/') && moneyWords.test(r))
        .filter((r) => !EXEMPT.has(r) && !t.app.moneyRoutes.includes(r)),
    );
    expect(unflagged).toEqual([]);
  });

  test('an active customer may buy credits (the control: the refusals below are the standing rule)', async () => {
    const { cookie, id } = await signUp(customerSignup('paying@example.com'));
    const res = await send('POST', '/api/me/credits/purchase', cookie, 'standing-control-1');
    expect(res.statusCode, res.body).toBe(200);
    expect(await paymentsOf(id)).toBe(1);
  });

  test.each([
    ['an inactive customer', customerSignup('money.inactive@example.com'), { isInactive: true }],
    ['a deactivated customer', customerSignup('money.gone@example.com'), { status: 'deactivated' }],
    ['a designer on hold', designerSignup('money.hold@example.com'), { status: 'hold' }],
    ['a deactivated designer', designerSignup('money.gonepro@example.com'), { status: 'deactivated' }],
  ])(
    '%s is refused every money route with the no-access message; nothing is charged',
    async (_, body, change) => {
      const { cookie: first, id } = await signUp(body);
      if (body.role !== 'customer') await setStatus(id, { status: 'active' });
      await setStatus(id, { ...change, reason: 'Standing test.' });
      // deactivating ends the sessions: the person signs in again (and lands on /no-access)
      const cookie =
        'status' in change && change.status === 'deactivated'
          ? await loginAs(t.app, body.email, body.role, body.password)
          : first;
      expect((await call('GET', '/api/me', cookie)).json().user.blocked).toBe(true);
      expect(money().length).toBeGreaterThanOrEqual(6);
      for (const [method, url] of money()) {
        const res = await send(method, url, cookie, `standing-${id}-${url}`.slice(0, 200));
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().error, `${method} ${url}`).toEqual({ code: 'forbidden', message: NO_ACCESS });
      }
      expect(await paymentsOf(id)).toBe(0);
    },
  );
});

describe('deactivating an account ends its sessions', () => {
  test("a deactivated person's open session answers 401; an inactive or held one stays signed in", async () => {
    const customer = await signUp(customerSignup('signed.out@example.com'));
    const other = await loginAs(t.app, 'signed.out@example.com', 'customer', customerSignup('x').password);
    await setStatus(customer.id, { isInactive: true });
    expect((await call('GET', '/api/me', customer.cookie)).json().user.isInactive).toBe(true);
    await setStatus(customer.id, { status: 'deactivated', reason: 'Closed at their request.' });
    for (const cookie of [customer.cookie, other]) {
      expect((await call('GET', '/api/me', cookie)).statusCode).toBe(401);
      expect((await call('GET', '/api/orders', cookie)).statusCode).toBe(401);
    }

    const pro = await signUp(designerSignup('held.pro@example.com'));
    await setStatus(pro.id, { status: 'active' });
    await setStatus(pro.id, { status: 'hold', reason: 'Portfolio links are broken.' });
    expect((await call('GET', '/api/me', pro.cookie)).json().user.status).toBe('hold');
  });
});
