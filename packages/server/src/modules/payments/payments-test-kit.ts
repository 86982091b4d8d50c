import { expect } from 'vitest';
import type { SandboxGateway } from '../../platform/payments/sandbox-gateway';
import { callerFor, createTestApp, loginAs, sessionCookie } from '../../test/test-app';
import { customerSignup } from '../accounts/test-payloads';
import type { Config } from '../../config';

/** A real app with the demo people, a second customer, and helpers to walk a project to its payment. */
export async function paymentsTestKit(overrides: Partial<Config> = {}) {
  const t = await createTestApp({ seedDemo: true, ...overrides });
  const c: Record<string, string> = {};
  const ids: Record<string, string> = {};
  c.customer = await loginAs(t.app, 'customer@demo.facet', 'customer');
  c.designer = await loginAs(t.app, 'designer@demo.facet', 'designer');
  c.designer2 = await loginAs(t.app, 'designer2@demo.facet', 'designer');
  c.staff = await loginAs(t.app, 'staff@demo.facet', 'staff');
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: customerSignup('other-payer@example.com'),
  });
  expect(signup.statusCode, signup.body).toBe(201);
  c.other = sessionCookie(signup);
  for (const who of Object.keys(c)) {
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: c[who]! } });
    ids[who] = me.json().user.id;
  }
  const sandbox = t.ctx.gateway as SandboxGateway;

  const call = callerFor(t.app, c);

  /** A project of the customer with an accepted offer: it waits at Make Payment. */
  async function projectAtPayment(title: string, priceCents = 48_000, pro = 'designer') {
    const created = await call('customer', 'POST', '/api/projects', {
      title,
      items: [{ title, category: 'Rings', itemType: 'Ring', dimensions: [{ width: '20' }] }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const projectId = created.json().project.id as string;
    const invited = await call('customer', 'POST', `/api/projects/${projectId}/invitations`, {
      proId: ids[pro],
    });
    const offerId = invited.json().offer.id as string;
    expect(
      (await call(pro, 'POST', `/api/invitations/${offerId}/offer`, { priceCents, leadTimeDays: 7 }))
        .statusCode,
    ).toBe(200);
    expect((await call('customer', 'POST', `/api/invitations/${offerId}/accept`)).statusCode).toBe(200);
    return projectId;
  }

  const status = async (projectId: string) =>
    (await call('customer', 'GET', `/api/projects/${projectId}`)).json().project.activeStatus.name as string;

  /** Opens a checkout; the key is the test's own. */
  async function checkout(url: string, key: string, who = 'customer') {
    const r = await call(who, 'POST', url, undefined, { 'idempotency-key': key });
    return r;
  }

  /** Pays on the hosted page with a card (JSON, as a script would). */
  async function pay(checkoutUrl: string, cardNumber: string) {
    const path = new URL(checkoutUrl).pathname;
    return t.app.inject({
      method: 'POST',
      url: `${path}/pay`,
      payload: { cardNumber, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' },
    });
  }

  async function deliver(projectId: string, pro = 'designer', name = 'ring.stl') {
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/deliveries`,
      headers: { cookie: c[pro]!, 'content-type': 'multipart/form-data; boundary=X' },
      payload: `--X\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\nsolid ring\nendsolid ring\n\r\n--X--\r\n`,
    });
    expect(r.statusCode, r.body).toBe(201);
  }

  const trial = async () => (await call('staff', 'GET', '/api/staff/ledger/trial-balance')).json();
  const balance = async (name: string) =>
    ((await trial()).accounts as { name: string; balanceCents: number }[]).find((a) => a.name === name)
      ?.balanceCents ?? 0;

  return { t, c, ids, sandbox, call, projectAtPayment, status, checkout, pay, deliver, trial, balance };
}
