import { describe, expect, test, customer, type SignInOptions } from '../fixtures/test';
import { screenshot, seriousA11yViolations, type Page } from '../fixtures/browser';
import { apiSession, designerBody, signUpThroughApi, uniqueEmail } from '../fixtures/api';

/** The production team signs in at /login-staff and lands in the operations console. */
const staff: SignInOptions = { path: '/login-staff', email: 'staff@demo.facet', landing: '/ops/people' };

/** The customer buys a library design with a test card and ends on the placed order's page. */
async function placeOrder(page: Page) {
  await page.goto('/produce/design');
  const card = page.getByRole('article', { name: 'Classic Band' });
  await card.getByLabel('Quantity of Classic Band').fill('1');
  const added = page.waitForResponse(
    (r) => r.url().endsWith('/api/cart/items') && r.request().method() === 'POST',
  );
  await card.getByRole('button', { name: 'Add to cart' }).click();
  expect((await added).status()).toBe(201);
  await page.goto('/checkout');
  await page.getByRole('radio', { name: /Standard/ }).check();
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill('34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await page.waitForURL(/\/order-details\/[^?]+\?payment=/);
  await page.getByTestId('order-placed').waitFor({ timeout: 30_000 });
  return page.url().split('?')[0]!.split('/').pop()!;
}

describe('operations console', () => {
  test('Staff approve a pending designer in the console; the decision is in the audit log', async ({
    signIn,
  }) => {
    const email = uniqueEmail('ops-pending');
    const { user } = await signUpThroughApi({ ...designerBody(email), fullName: 'Nadia Pending' });
    const { page, errors } = await signIn(staff);
    await page.getByRole('heading', { name: 'People', level: 1 }).waitFor();
    const card = page.getByTestId('ops-person').filter({ hasText: email });
    await card.waitFor();
    expect(await card.getByRole('link', { name: 'Portfolio' }).getAttribute('href')).toContain('pia.example');
    await screenshot(page, 'ops-people-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await card.getByRole('button', { name: 'Approve Nadia Pending' }).click();
    const dialog = page.getByRole('dialog', { name: /Approve: Nadia Pending/ });
    await dialog.getByLabel(/Reason/).fill('Portfolio checked.');
    await screenshot(page, 'ops-people-approve-dialog');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.locator('.toast__title', { hasText: 'Nadia Pending: approved' }).waitFor();
    // the pending list no longer holds them; the audit log does
    await expect.poll(() => page.getByTestId('ops-person').filter({ hasText: email }).count()).toBe(0);
    await page.getByRole('cell', { name: 'Portfolio checked.' }).waitFor();
    const api = await apiSession('staff@demo.facet', 'staff');
    const found = await api.call('GET', `/api/staff/people?q=${encodeURIComponent(email)}`);
    expect(found.json.people[0]).toMatchObject({ id: user.id, status: 'active' });
    expect(errors).toEqual([]);
  });

  test('Staff move an order through every stage from the board while the customer watches it live', async ({
    signIn,
  }) => {
    const buyer = await signIn(customer);
    const orderId = await placeOrder(buyer.page);
    await buyer.page.getByText('On Track').first().waitFor();

    const desk = await signIn(staff);
    const api = await apiSession('staff@demo.facet', 'staff');
    const number = (await api.call('GET', `/api/orders/${orderId}`)).json.order.number as string;
    await desk.page.getByRole('link', { name: 'Orders' }).first().click();
    await desk.page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    const card = () => desk.page.getByTestId('ops-order').filter({ hasText: `#${number}` });
    await card().waitFor();
    await screenshot(desk.page, 'ops-orders-desktop');
    expect(await seriousA11yViolations(desk.page)).toEqual([]);

    const stages = ['Processing', '3d printing', 'Casting', 'Polish', 'Final quality check', 'Delivery'];
    for (const name of stages) {
      // keyboard: focus the move button and press Enter
      const move = card().getByRole('button', { name: `Move to ${name}` });
      await move.focus();
      await desk.page.keyboard.press('Enter');
      await desk.page.locator('.toast__title', { hasText: `Order #${number} moved to ${name}` }).waitFor();
      await expect
        .poll(() => buyer.page.getByTestId('order-stage').first().textContent(), { timeout: 10_000 })
        .toContain(name.toUpperCase());
      if (name === 'Casting') {
        await screenshot(desk.page, 'ops-orders-casting-desktop');
        await screenshot(buyer.page, 'ops-customer-casting-live');
      }
    }
    // at DELIVERY there is no further move (once the board has read the move back); the details add a
    // shipment and offer the job sheet
    await expect
      .poll(() =>
        card()
          .getByRole('button', { name: /^Move to/ })
          .count(),
      )
      .toBe(0);
    await card()
      .getByRole('button', { name: `Details of order #${number}` })
      .click();
    const dialog = desk.page.getByRole('dialog', { name: `Order #${number}` });
    await dialog.getByRole('link', { name: 'Print job sheet' }).first().waitFor();
    await dialog.getByLabel('Carrier').fill('UPS');
    await dialog.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await dialog.getByRole('button', { name: 'Add shipment' }).click();
    await dialog.getByText(/UPS 1Z999AA10123456784/).waitFor();
    await screenshot(desk.page, 'ops-order-details');
    await buyer.page.getByText('1Z999AA10123456784').waitFor({ timeout: 10_000 });
    await screenshot(buyer.page, 'ops-customer-shipped-live');
    expect(desk.errors).toEqual([]);
    expect(buyer.errors).toEqual([]);
  });

  test('Staff read the trial balance and the projects board; on a phone the nav collapses', async ({
    signIn,
  }) => {
    const { page, errors } = await signIn(staff);
    await page.getByRole('link', { name: 'Money' }).first().click();
    await page.getByRole('heading', { name: 'Trial balance' }).waitFor();
    expect(await page.getByTestId('trial-total').textContent()).toBe('$0.00');
    expect(await page.getByTestId('trial-balance').textContent()).toContain('Platform revenue');
    await screenshot(page, 'ops-money-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Projects' }).first().click();
    await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
    await page.getByRole('heading', { name: /Make Payment/ }).waitFor();
    await screenshot(page, 'ops-projects-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);

    const phone = await signIn({ ...staff, viewport: 'phone' });
    await phone.page.getByRole('heading', { name: 'People', level: 1 }).waitFor();
    expect(await phone.page.getByRole('navigation', { name: 'Operations' }).isVisible()).toBe(false);
    await screenshot(phone.page, 'ops-people-mobile');
    await phone.page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = phone.page.getByRole('dialog', { name: 'Operations' });
    await drawer.getByRole('link', { name: 'Metal prices' }).waitFor();
    await screenshot(phone.page, 'ops-nav-mobile');
    await drawer.getByRole('link', { name: 'Money' }).click();
    await phone.page.getByRole('heading', { name: 'Trial balance' }).waitFor();
    await screenshot(phone.page, 'ops-money-mobile');
    await phone.page.goto('/ops/orders');
    await phone.page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await screenshot(phone.page, 'ops-orders-mobile');
  });

  test('Anyone but staff is sent away from /ops', async ({ signIn, page }) => {
    await page.goto('/ops/money');
    await page.waitForURL('**/login-staff');
    const buyer = await signIn(customer);
    await buyer.page.goto('/ops/people');
    await buyer.page.waitForURL((url) => !url.pathname.startsWith('/ops'));
    expect(new URL(buyer.page.url()).pathname).toBe('/');
  });
});
