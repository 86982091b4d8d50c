import { describe, expect, test, customer } from '../fixtures/test';
import { screenshot, seriousA11yViolations, type Page } from '../fixtures/browser';
import { apiSession } from '../fixtures/api';
import { generateTorus, writeStlBinary } from '../../../domain/src/mesh/index';

/** Adds a library design from its card with a quantity; waits for the confirmation. */
async function addDesign(page: Page, name: string, quantity: number) {
  const card = page.getByRole('article', { name });
  await card.getByLabel(`Quantity of ${name}`).fill(String(quantity));
  const added = page.waitForResponse(
    (r) => r.url().endsWith('/api/cart/items') && r.request().method() === 'POST',
  );
  await card.getByRole('button', { name: 'Add to cart' }).click();
  expect((await added).status()).toBe(201);
  await page.locator('.toast__title', { hasText: 'Added to your cart' }).waitFor();
}

describe('cart and checkout', () => {
  test('A customer adds a piece of their own and library designs to the cart, changes a quantity and reaches checkout with the profile address', async ({
    signIn,
  }) => {
    const { page, errors } = await signIn(customer);
    await page.goto('/cart');
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    await screenshot(page, 'cart-empty-desktop');

    // a piece of my own: uploaded, configured in 18k gold, added at the price the page shows
    await page.goto('/produce/steps');
    const ring = Buffer.from(writeStlBinary(generateTorus(9, 1.2, [0, 0, 1], 96, 32)));
    await page
      .getByTestId('model-file-input')
      .setInputFiles({ name: 'my-ring.stl', mimeType: 'application/octet-stream', buffer: ring });
    await page.waitForURL(/\/produce\/steps\?model=/);
    await page.getByTestId('total-price').waitFor();
    const silverPrice = await page.getByTestId('total-price').textContent();
    await page.locator('label.radio-chip', { hasText: '18k Yellow Gold' }).click();
    expect(await page.getByRole('radio', { name: '18k Yellow Gold' }).isChecked()).toBe(true);
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="total-price"]')?.textContent?.trim() !== before,
      silverPrice?.trim(),
      { timeout: 30_000 },
    );
    await expect.poll(() => page.locator('.price-card__body--stale').count(), { timeout: 30_000 }).toBe(0);
    const goldPrice = await page.getByTestId('total-price').textContent();
    const addedOwn = page.waitForResponse(
      (r) => r.url().endsWith('/api/cart/items') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Add to cart' }).click();
    expect((await addedOwn).status()).toBe(201);
    await page.locator('.toast__title', { hasText: 'Added to your cart' }).waitFor();

    await page.goto('/produce/design');
    await addDesign(page, 'Classic Band', 2);
    await addDesign(page, 'Pearl Bead Charm', 10);
    await screenshot(page, 'library-added-to-cart');
    await expect.poll(() => page.getByRole('link', { name: /^Cart, 3 items/ }).count()).toBe(1);

    await page.getByRole('button', { name: 'View cart' }).click();
    await page.waitForURL(/\/cart$/);
    const own = page.getByRole('article', { name: 'my-ring.stl' });
    expect(await own.getByTestId('line-total').textContent()).toBe(goldPrice);
    expect(await own.textContent()).toContain('18k Yellow Gold');
    const band = page.getByRole('article', { name: 'Classic Band' });
    await band.getByText(/Price held until/).waitFor();
    const before = await band.getByTestId('line-total').textContent();
    await band.getByLabel('Quantity of Classic Band').fill('25');
    await expect.poll(() => band.getByTestId('line-total').textContent()).not.toBe(before);
    await screenshot(page, 'cart-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Check out' }).click();
    await page.waitForURL(/\/checkout$/);
    await page.getByRole('radio', { name: /Express/ }).waitFor();
    expect(await page.getByLabel(/^Street/).inputValue()).not.toBe('');
    await screenshot(page, 'checkout-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Pay opens the gateway's page; cancelling there comes back with nothing charged
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByRole('link', { name: 'Cancel and return to Facet' }).click();
    await page.waitForURL(/\/checkout\?/);
    await page.getByText('Payment cancelled. Nothing was charged.').waitFor();
    expect(errors).toEqual([]);
  });

  test('The cart and checkout on a phone', async ({ signIn }) => {
    const { page } = await signIn({ ...customer, viewport: 'phone' });
    await page.goto('/cart');
    await page.getByRole('article', { name: 'Classic Band' }).waitFor();
    await screenshot(page, 'cart-mobile');
    await page.goto('/checkout');
    await page.getByRole('radio', { name: /Standard/ }).waitFor();
    await screenshot(page, 'checkout-mobile');
  });
  test('Paying with a test card lands on the placed order and empties the cart', async ({ signIn }) => {
    const { page, errors } = await signIn(customer);
    await page.goto('/checkout');
    await page.getByRole('radio', { name: /Express/ }).check();
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry month').fill('12');
    await page.getByLabel('Expiry year').fill('34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL(/\/order-details\/[^?]+\?payment=/);
    await page.getByTestId('order-placed').waitFor({ timeout: 30_000 });
    await screenshot(page, 'checkout-order-placed');
    const orderUrl = page.url().split('?')[0]!;
    const orderId = orderUrl.split('/').pop()!;
    await page.goto('/cart');
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();

    // the production team moves the order stage by stage; the open order page follows live
    await page.goto(orderUrl);
    await page.getByText('Promised date', { exact: false }).first().waitFor();
    await page.getByText('On Track').first().waitFor();
    const staff = await apiSession('staff@demo.facet', 'staff');
    const stages = ['PROCESSING', '3D PRINTING', 'CASTING', 'POLISH', 'FINAL QUALITY CHECK', 'DELIVERY'];
    for (const [i, name] of stages.entries()) {
      const moved = await staff.call('POST', `/api/staff/orders/${orderId}/stage`, { stage: i + 1 });
      expect(moved.status, JSON.stringify(moved.json)).toBe(200);
      await expect
        .poll(() => page.getByTestId('order-stage').first().textContent(), { timeout: 10_000 })
        .toContain(name);
      if (name === 'CASTING') await screenshot(page, 'order-casting-live-desktop');
    }
    // a move the stage order does not allow is refused and changes nothing
    expect((await staff.call('POST', `/api/staff/orders/${orderId}/stage`, { stage: 2 })).status).toBe(409);
    const shipped = await staff.call('POST', `/api/staff/orders/${orderId}/shipment`, {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(shipped.status).toBeLessThan(300);
    await page.getByText('1Z999AA10123456784').waitFor({ timeout: 10_000 });
    await screenshot(page, 'order-delivered-live-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'order-delivered-live-mobile');
    expect(errors).toEqual([]);
  });
});
