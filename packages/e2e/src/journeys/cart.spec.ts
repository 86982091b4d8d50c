import { describe, expect, test, customer } from '../fixtures/test';
import { screenshot, seriousA11yViolations, type Page } from '../fixtures/browser';

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
  test('A customer adds library designs to the cart, changes a quantity and reaches checkout with the profile address', async ({
    signIn,
  }) => {
    const { page, errors } = await signIn(customer);
    await page.goto('/cart');
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    await screenshot(page, 'cart-empty-desktop');

    await page.goto('/produce/design');
    await addDesign(page, 'Classic Band', 2);
    await addDesign(page, 'Pearl Bead Charm', 10);
    await screenshot(page, 'library-added-to-cart');
    await expect.poll(() => page.getByRole('link', { name: /^Cart, 2 items/ }).count()).toBe(1);

    await page.getByRole('button', { name: 'View cart' }).click();
    await page.waitForURL(/\/cart$/);
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
    await page.goto('/cart');
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    expect(errors).toEqual([]);
  });
});
