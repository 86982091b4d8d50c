import { expect } from 'vitest';
import type { SandboxGateway } from '../../platform/payments/sandbox-gateway';
import { callerFor, createTestApp, sessionCookie } from '../../test/test-app';
import { givenPeople, payOnSandbox } from '../../test/world';
import { customerSignup } from '../accounts/test-payloads';
import type { Config } from '../../config';

/**
 * A real app with a customer, two designers and the production team (made by the factories, decision 066),
 * a second customer who signed up, and helpers to walk a project to its payment.
 */
export async function paymentsTestKit(overrides: Partial<Config> = {}) {
  const t = await createTestApp(overrides);
  const {
    people,
    cookies: c,
    ids,
  } = await givenPeople(t, {
    customer: 'customer',
    designer: 'designer',
    designer2: 'designer',
    staff: 'staff',
  });
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: customerSignup('other-payer@example.com'),
  });
  expect(signup.statusCode, signup.body).toBe(201);
  c.other = sessionCookie(signup);
  ids.other = signup.json().user.id;
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
  const pay = (checkoutUrl: string, cardNumber: string) => payOnSandbox(t, checkoutUrl, cardNumber);

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

  return {
    t,
    c,
    ids,
    people,
    sandbox,
    call,
    projectAtPayment,
    status,
    checkout,
    pay,
    deliver,
    trial,
    balance,
  };
}
