import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, loginAs, sessionCookie } from '../../test/test-app';
import { givenCustomer, givenDesigner, givenStaff } from '../../test/world';
import { customerSignup, designerSignup } from './test-payloads';

let t: Awaited<ReturnType<typeof createTestApp>>;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = (await givenStaff(t)).cookie;
});
afterAll(() => t.close());

const setStatus = (id: string, body: object, cookie = staff) =>
  t.app.inject({ method: 'PATCH', url: `/api/staff/accounts/${id}`, headers: { cookie }, payload: body });
const meOf = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user;

describe('staff decide on accounts', () => {
  test('a pending designer is listed, approved, then held and deactivated (blocked)', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: designerSignup('newpro@example.com'),
    });
    const cookie = sessionCookie(created);
    const id = created.json().user.id;
    expect(await meOf(cookie)).toMatchObject({ status: 'pending', blocked: false });

    const pending = await t.app.inject({
      method: 'GET',
      url: '/api/staff/accounts?role=designer&status=pending',
      headers: { cookie: staff },
    });
    expect(pending.json().accounts.map((a: { email: string }) => a.email)).toContain('newpro@example.com');

    expect((await setStatus(id, { status: 'active' })).json().account.status).toBe('active');
    expect(await meOf(cookie)).toMatchObject({ status: 'active', blocked: false });
    await setStatus(id, { status: 'hold', reason: 'Portfolio links are broken.' });
    expect(await meOf(cookie)).toMatchObject({ status: 'hold', blocked: true });
    await setStatus(id, { status: 'deactivated', reason: 'Asked to close the account.' });
    // deactivating ends the person's sessions; signed in again, the account is blocked
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
    const again = await loginAs(t.app, 'newpro@example.com', 'designer', designerSignup('x').password);
    expect(await meOf(again)).toMatchObject({ status: 'deactivated', blocked: true });

    await t.ctx.jobs.drain();
    const mail = (
      await t.app.inject({ method: 'GET', url: '/dev/mailbox/messages?to=newpro@example.com' })
    ).json().messages;
    expect(mail.map((m: { event: string }) => m.event).sort()).toEqual([
      'account-status',
      'account-status',
      'account-status',
      'new-professional',
    ]);
  });

  test('a customer is blocked when inactive or deactivated, not when on hold', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: customerSignup('blockme@example.com'),
    });
    const cookie = sessionCookie(created);
    const id = created.json().user.id;
    await setStatus(id, { isInactive: true });
    expect(await meOf(cookie)).toMatchObject({ isInactive: true, blocked: true });
    await setStatus(id, { isInactive: false, status: 'hold', reason: 'Unpaid invoice.' });
    expect(await meOf(cookie)).toMatchObject({ status: 'hold', blocked: false });
    await setStatus(id, { status: 'deactivated', reason: 'Fraud report.' });
    const again = await loginAs(t.app, 'blockme@example.com', 'customer', customerSignup('x').password);
    expect(await meOf(again)).toMatchObject({ blocked: true });
  });

  test('only staff may decide; bad requests change nothing', async () => {
    const customer = (await givenCustomer(t)).cookie;
    const designerId = (await meOf((await givenDesigner(t)).cookie)).id;
    const byCustomer = await setStatus(designerId, { status: 'hold' }, customer);
    expect(byCustomer.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/accounts' })).statusCode).toBe(401);

    expect((await setStatus(designerId, { status: 'pending' })).statusCode).toBe(400);
    expect((await setStatus(designerId, {})).statusCode).toBe(400);
    expect((await setStatus(designerId, { isInactive: true })).json().error.message).toBe(
      'Only customer accounts can be marked inactive.',
    );
    expect(
      (await setStatus('00000000-0000-4000-8000-000000000000', { status: 'hold', reason: 'x' })).statusCode,
    ).toBe(404);
    // a malformed id is the same 404 as an id nobody has (route ids, decision 061)
    expect((await setStatus('not-a-uuid', { status: 'hold' })).statusCode).toBe(404);
    const designer = (await givenDesigner(t)).cookie;
    expect(await meOf(designer)).toMatchObject({ status: 'active' });
  });
});
