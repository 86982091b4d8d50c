import { describe, expect, test } from '../fixtures/test';
import { apiSession } from '../fixtures/api';
import { baseUrl, screenshot, type Page } from '../fixtures/browser';

type Session = Awaited<ReturnType<typeof apiSession>>;

async function deliver(designer: Session, projectId: string, name: string) {
  const form = new FormData();
  form.append('files', new Blob(['solid ring\nendsolid ring\n']), name);
  const r = await fetch(`${baseUrl()}/api/projects/${projectId}/deliveries`, {
    method: 'POST',
    headers: { cookie: designer.cookie },
    body: form,
  });
  expect(r.status).toBe(201);
}

/** Fills the sandbox gateway's hosted page with a card and pays. */
async function payWithCard(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill('34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

describe('payments', () => {
  test('the customer pays a project and its changes through the sandbox gateway; the designer is paid out', async ({
    signIn,
  }) => {
    const customerApi = await apiSession('customer@demo.facet', 'customer');
    const designerApi = await apiSession('designer@demo.facet', 'designer');
    const staffApi = await apiSession('staff@demo.facet', 'staff');
    const designerId = ((await designerApi.call('GET', '/api/me')).json as { user: { id: string } }).user.id;
    const title = `Paid signet ${Date.now().toString(36)}`;
    const created = await customerApi.call('POST', '/api/projects', {
      title,
      items: [{ title, category: 'Rings', itemType: 'Ring', dimensions: [{ width: '18' }] }],
    });
    const projectId = (created.json as { project: { id: string } }).project.id;
    const invited = await customerApi.call('POST', `/api/projects/${projectId}/invitations`, {
      proId: designerId,
    });
    const offerId = (invited.json as { offer: { id: string } }).offer.id;
    await designerApi.call('POST', `/api/invitations/${offerId}/offer`, {
      priceCents: 48_000,
      leadTimeDays: 7,
    });
    expect((await customerApi.call('POST', `/api/invitations/${offerId}/accept`)).status).toBe(200);

    // Make Payment: the amount, its lines and the Pay button
    const customer = await signIn({
      path: '/login-user',
      email: 'customer@demo.facet',
      landing: '/dashboard',
    });
    const c = customer.page;
    await c.goto(`/projects/${projectId}`);
    await c.getByRole('heading', { name: 'Make Payment' }).waitFor();
    await c.getByRole('button', { name: 'Pay $480.00' }).waitFor();
    await screenshot(c, 'payments-make-payment');

    // the hosted page; cancelling changes nothing
    await c.getByRole('button', { name: 'Pay $480.00' }).click();
    await c.waitForURL(/\/sandbox\/checkout\/cs_sbx_/);
    await c.getByLabel('Card number').waitFor();
    await screenshot(c, 'payments-sandbox-checkout');
    await c.getByRole('link', { name: 'Cancel and return to Facet' }).click();
    await c.waitForURL(/cancelled=1/);
    await c.getByText('Payment cancelled. Nothing was charged.').waitFor();

    // a declined card: the gateway's reason, the project unchanged
    await c.getByRole('button', { name: 'Pay $480.00' }).click();
    await c.waitForURL(/\/sandbox\/checkout\//);
    await payWithCard(c, '4000 0000 0000 0002');
    await c.getByRole('alert').getByText('Your card was declined.').waitFor();
    await screenshot(c, 'payments-declined');

    // 4242: back on the project, which moves on by itself once the gateway confirms
    await payWithCard(c, '4242 4242 4242 4242');
    // the gateway's event reaches the server through a job: on a loaded 2-core CI machine it can take a while
    await c.waitForURL(new RegExp(`/projects/${projectId}\\?payment=`));
    await c.getByText('In Design').first().waitFor({ timeout: 45_000 });
    await screenshot(c, 'payments-paid-in-design');

    // the designer delivers; the customer asks for a change, the designer prices it, the customer approves
    await deliver(designerApi, projectId, 'signet.stl');
    const cr = await customerApi.call('POST', `/api/projects/${projectId}/change-requests`, {
      changes: ['Deeper monogram'],
    });
    const changeId = (cr.json as { changeRequest: { id: string } }).changeRequest.id;
    await designerApi.call('POST', `/api/change-requests/${changeId}/quote`, { priceCents: 9_000 });
    await customerApi.call('POST', `/api/change-requests/${changeId}/approve`, {});
    await c.goto(`/projects/${projectId}`);
    await c.getByRole('heading', { name: 'Pay for the changes' }).waitFor();
    await screenshot(c, 'payments-pay-changes');
    await c.getByRole('button', { name: 'Pay $90.00' }).click();
    await c.waitForURL(/\/sandbox\/checkout\//);
    await payWithCard(c, '4242424242424242');
    await c.waitForURL(new RegExp(`/projects/${projectId}\\?payment=`));
    // "In Design" shows while the changes wait for their payment too: the work resumes once the gateway's
    // event is applied (through a job), when the change request is no longer waiting to be paid
    await expect
      .poll(
        async () =>
          (
            (await customerApi.call('GET', `/api/projects/${projectId}`)).json as {
              project: { changeRequest: { status: string } | null };
            }
          ).project.changeRequest?.status,
        { timeout: 45_000 },
      )
      .not.toBe('approved');
    await c
      .getByRole('heading', { name: 'Pay for the changes' })
      .waitFor({ state: 'detached', timeout: 45_000 });
    await c.getByText('In Design').first().waitFor({ timeout: 45_000 });

    // delivered again and approved: the escrow is released to the designer
    await deliver(designerApi, projectId, 'signet-v2.stl');
    expect((await customerApi.call('POST', `/api/projects/${projectId}/approve`)).status).toBe(200);
    await c.goto('/account-settings');
    await c.getByRole('heading', { name: 'Transactions' }).waitFor();
    await c.getByText(`${title} (design)`).first().waitFor();
    await screenshot(c, 'payments-customer-transactions');

    // the designer connects a payout account; /success tells the truth; the money is paid out
    const designer = await signIn({
      path: '/login-designer',
      email: 'designer@demo.facet',
      landing: '/projects',
    });
    const d = designer.page;
    await d.goto('/account-settings');
    await d.getByRole('heading', { name: 'Earnings & payouts' }).waitFor();
    await d.getByRole('button', { name: /Connect payout account|Finish payout setup/ }).click();
    await d.waitForURL(/\/sandbox\/connect\//);
    await screenshot(d, 'payments-sandbox-onboarding');
    await d.getByRole('button', { name: 'Agree and turn on payouts' }).click();
    await d.waitForURL(/\/success$/);
    await d.getByRole('heading', { name: 'Your payout account is connected' }).waitFor();
    await screenshot(d, 'payments-connect-success');
    expect((await staffApi.call('POST', '/api/staff/payments/payouts')).status).toBe(200);
    await d.goto('/earnings');
    await d.getByRole('heading', { level: 1, name: 'Earnings' }).waitFor();
    await d.getByText('Your payout account is connected; payouts go out automatically.').waitFor();
    await d.getByRole('cell', { name: 'Paid out' }).first().waitFor();
    await d
      .getByRole('link', { name: `${title} (design)` })
      .first()
      .waitFor();
    await screenshot(d, 'payments-designer-earnings');
    const trial = (await staffApi.call('GET', '/api/staff/ledger/trial-balance')).json as {
      totalCents: number;
    };
    expect(trial.totalCents).toBe(0);
    expect(customer.errors).toEqual([]);
    expect(designer.errors).toEqual([]);
  }, 180_000);
});
