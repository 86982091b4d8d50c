import { expect } from 'vitest';
import { callerFor, createTestApp, sessionCookie } from '../../test/test-app';
import { givenCustomer, givenDesigner } from '../../test/world';
import { customerSignup } from '../accounts/test-payloads';
import { multipart } from '../chat/chat-test-kit';
import type { Config } from '../../config';

/** A real app with a customer, a second customer (signed up) and a designer, and calls as each of them. */
export async function designTestKit(overrides: Partial<Config> = {}) {
  const t = await createTestApp(overrides);
  const c: Record<string, string> = {};
  c.customer = (await givenCustomer(t)).cookie;
  c.designer = (await givenDesigner(t)).cookie;
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: customerSignup('other-designer-of-rings@example.com'),
  });
  expect(signup.statusCode, signup.body).toBe(201);
  c.other = sessionCookie(signup);

  const call = callerFor(t.app, c);

  const upload = (who: string, name: string, bytes: Uint8Array) => {
    const body = multipart(name, bytes, 'image');
    return t.app.inject({
      method: 'POST',
      url: '/api/design/draft/images',
      headers: { cookie: c[who]!, ...body.headers },
      payload: body.payload,
    });
  };

  const silverId = (await t.ctx.catalog.getCatalog()).defaults.materialId!;

  /** Walks every step of the wizard with a valid brief. */
  const completeDraft = (who = 'customer', title = 'Wave ring') => walkDraft(call, silverId, who, title);

  /** The customer's balance as GET /api/me/credits shows it. */
  const credits = async (who = 'customer') => {
    const r = await call(who, 'GET', '/api/me/credits');
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { monthly: number; purchased: number; balance: number; history: { kind: string }[] };
  };

  /** Adds purchased credits (as a paid pack would) so a test can afford its generations. */
  async function giveCredits(who: string, amount: number) {
    const me = await call(who, 'GET', '/api/me');
    const userId = (me.json() as { user: { id: string } }).user.id;
    await t.ctx.db.transaction((tx) =>
      t.ctx.billing.credits.addPurchased(tx, userId, amount, 'Test credits', `test-${amount}`),
    );
  }

  return { t, c, call, upload, silverId, completeDraft, credits, giveCredits };
}

/** Walks every step of the design wizard as `who` with a valid brief for a ring in `materialId`. */
export async function walkDraft(
  call: ReturnType<typeof callerFor>,
  materialId: number,
  who = 'customer',
  title = 'Wave ring',
) {
  const steps: [string, object][] = [
    ['piece', { category: 'Jewelry', itemType: 'Ring' }],
    ['material', { materialId }],
    ['inspiration', {}],
    ['description', { description: 'A slim band with a wave that rises across the top, 2 mm wide.' }],
    ['goal', { goal: 'gift' }],
    ['title', { title, widthMm: 20, heightMm: 22, thicknessMm: 2 }],
  ];
  for (const [step, fields] of steps) {
    const r = await call(who, 'PUT', '/api/design/draft', { step, fields });
    expect(r.statusCode, `design step ${step}: ${r.body}`).toBe(200);
  }
}
