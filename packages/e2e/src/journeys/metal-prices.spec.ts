import { describe, expect, test, customer, type SignInOptions } from '../fixtures/test';
import { screenshot, seriousA11yViolations, type Page } from '../fixtures/browser';
import { generateTorus, writeStlBinary } from '../../../domain/src/mesh/index';

const staff: SignInOptions = { path: '/login-staff', email: 'staff@demo.facet', landing: '/ops/people' };

/** Staff enter a metal's spot price on /ops/metal-prices and wait for the card to show it. */
async function enterSpot(page: Page, metal: string, dollars: string) {
  const form = page.getByRole('form', { name: "Enter today's spot price" });
  await form.getByLabel('Metal', { exact: true }).selectOption({ label: metal });
  await form.getByLabel(/^Spot price/).fill(dollars);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/staff/metal-prices') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Save the price' }).click();
  expect((await saved).status()).toBe(201);
  await page.getByTestId(`metal-${metal.toLowerCase()}`).getByText(`$${dollars}/ozt`).waitFor();
}

describe('metal spot prices', () => {
  test('Staff change the silver spot price: a new quote follows it, a locked cart line keeps its own', async ({
    signIn,
  }) => {
    const ops = await signIn(staff);
    await ops.page.goto('/ops/metal-prices');
    await ops.page.getByRole('heading', { name: 'Metal prices', level: 1 }).waitFor();
    await ops.page.getByText('Prices are entered by staff').waitFor();
    await enterSpot(ops.page, 'Silver', '30.00');
    // Sterling Silver follows: 30.00 × 0.925 × (1 + 0 %) = $27.75 per troy ounce of alloy
    await ops.page.getByTestId('metal-silver').getByText('$27.75').waitFor();
    await screenshot(ops.page, 'metal-prices-desktop');
    expect(await seriousA11yViolations(ops.page)).toEqual([]);

    // the customer prices a ring in Sterling Silver (the default) and puts it in the cart: locked at $30.00
    const c = await signIn(customer);
    await c.page.goto('/produce/steps');
    const ring = Buffer.from(writeStlBinary(generateTorus(9, 1.2, [0, 0, 1], 96, 32)));
    await c.page
      .getByTestId('model-file-input')
      .setInputFiles({ name: 'spot-ring.stl', mimeType: 'application/octet-stream', buffer: ring });
    await c.page.waitForURL(/\/produce\/steps\?model=/);
    const modelUrl = c.page.url();
    await c.page.getByTestId('spot').filter({ hasText: 'Silver spot $30.00/ozt, locked' }).waitFor();
    const at30 = (await c.page.getByTestId('total-price').textContent())!.trim();
    await screenshot(c.page, 'metal-prices-quote-at-30');
    const added = c.page.waitForResponse(
      (r) => r.url().endsWith('/api/cart/items') && r.request().method() === 'POST',
    );
    await c.page.getByRole('button', { name: 'Add to cart' }).click();
    expect((await added).status()).toBe(201);

    // staff raise silver to $45.00; the history shows both prices, as a chart and as a table
    await enterSpot(ops.page, 'Silver', '45.00');
    await ops.page.getByTestId('metal-silver').getByText('$41.63').waitFor(); // 45 × 0.925 = 41.625
    await ops.page.locator('.ops-chart .chart__line').waitFor();
    await screenshot(ops.page, 'metal-prices-chart-desktop');
    await ops.page.getByRole('button', { name: 'Show as a table' }).click();
    const table = ops.page.getByTestId('spot-history-table');
    await table.getByText('$45.00').waitFor();
    expect(await table.getByText('$30.00').count()).toBe(1);

    // a new quote follows the new spot price
    await c.page.goto(modelUrl);
    await c.page.getByTestId('spot').filter({ hasText: 'Silver spot $45.00/ozt, locked' }).waitFor();
    await expect
      .poll(async () => (await c.page.getByTestId('total-price').textContent())?.trim(), { timeout: 30_000 })
      .not.toBe(at30);
    const at45 = (await c.page.getByTestId('total-price').textContent())!.trim();
    const dollars = (s: string) => Number(s.replace(/[$,]/g, ''));
    expect(dollars(at45)).toBeGreaterThan(dollars(at30));
    await screenshot(c.page, 'metal-prices-quote-at-45');

    // the cart line keeps the price and the spot price it was locked at
    await c.page.goto('/cart');
    const line = c.page.getByRole('article', { name: 'spot-ring.stl' });
    await line.getByTestId('line-spot').filter({ hasText: 'Silver spot $30.00/ozt, locked' }).waitFor();
    expect((await line.getByTestId('line-total').textContent())?.trim()).toBe(at30);
    await screenshot(c.page, 'metal-prices-cart-locked');

    // the catalog editor shows Sterling priced from spot; a margin change is kept in the history
    await ops.page.goto('/ops/catalog');
    const sterling = ops.page.getByTestId('table-materials').getByRole('row', { name: /Sterling Silver/ });
    await sterling.getByText('Silver spot $45.00/ozt').waitFor();
    await sterling.getByRole('button', { name: 'Edit Sterling Silver' }).click();
    const dialog = ops.page.getByRole('dialog', { name: 'Edit Sterling Silver' });
    await dialog.getByLabel('Margin over spot (%)').fill('4');
    await screenshot(ops.page, 'ops-catalog-edit-dialog');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    // 45 × 0.925 × 1.04 = $43.29
    await sterling.getByText('$43.29').waitFor();
    const history = ops.page.getByRole('region', { name: 'History of materials' });
    await history.getByText('spotMarginPercent').waitFor();
    expect(await history.textContent()).toMatch(/changed Sterling Silver.*spotMarginPercent 0 → 4/);
    await screenshot(ops.page, 'ops-catalog-desktop');
    expect(await seriousA11yViolations(ops.page)).toEqual([]);

    expect(ops.errors).toEqual([]);
    expect(c.errors).toEqual([]);
    // two people, an upload and eleven page loads: longer than one journey's default on a busy machine
  }, 240_000);

  test('On a phone, staff read the prices and the catalog; customers are kept out of /ops', async ({
    signIn,
  }) => {
    const ops = await signIn({ ...staff, viewport: 'phone' });
    await ops.page.goto('/ops/metal-prices');
    await ops.page.getByTestId('metal-silver').waitFor();
    await screenshot(ops.page, 'metal-prices-phone');
    await ops.page.goto('/ops/catalog?tab=quantity-breaks');
    await ops.page.getByTestId('table-quantity-breaks').getByText('20 % off').waitFor();
    await screenshot(ops.page, 'ops-catalog-phone');
    expect(await seriousA11yViolations(ops.page)).toEqual([]);

    const c = await signIn(customer);
    await c.page.goto('/ops/metal-prices');
    // the console sends anyone but staff away (to the home page), before a staff request is made
    await c.page.waitForURL((url) => !url.pathname.startsWith('/ops'));
    expect(ops.errors).toEqual([]);
  });
});
