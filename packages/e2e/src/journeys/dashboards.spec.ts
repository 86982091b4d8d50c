import { customer, describe, expect, test, type SignInOptions } from '../fixtures/test';
import { screenshot, seriousA11yViolations, type Page } from '../fixtures/browser';

const designer: SignInOptions = {
  path: '/login-designer',
  email: 'designer@demo.facet',
  landing: '/projects',
};
const service: SignInOptions = { path: '/login-service', email: 'service@demo.facet', landing: '/projects' };
// the production team lands in the operations console; its dashboard is one link away
const staff: SignInOptions = { path: '/login-staff', email: 'staff@demo.facet', landing: '/ops/people' };

/** A chart card by its title: its drawing (an SVG from Recharts), then its numbers as a table on screen. */
async function chartAndTable(page: Page, title: string) {
  const card = page
    .locator('section.chart-card')
    .filter({ has: page.getByRole('heading', { name: title, level: 3 }) });
  // a chart is drawn once its card is on screen or near it, as a reader scrolls to it
  await card.scrollIntoViewIfNeeded();
  await card.getByTestId('chart').locator('.chart svg').first().waitFor({ timeout: 20_000 });
  // bars or a line were drawn from the demo's history, not an empty frame
  expect(await card.locator('.chart__bar, .chart__line').count()).toBeGreaterThan(0);
  await card.getByRole('button', { name: 'Show as table' }).click();
  const table = card.getByRole('table');
  await table.waitFor();
  const rows = await table.getByRole('row').allTextContents();
  await card.getByRole('button', { name: 'Show as chart' }).click();
  await card.getByTestId('chart').waitFor();
  return rows;
}

/** The built app loads Recharts only on the dashboard: no chart chunk before it is opened. */
async function chartsLoadedLazily(page: Page) {
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => n.endsWith('.js')),
  );
  return scripts;
}

describe('dashboards with charts', () => {
  test('The customer sees spend by month, projects by status and a late order, each chart with its table', async ({
    signIn,
  }) => {
    const { page, errors } = await signIn(customer);
    await page.getByRole('heading', { name: 'Your figures' }).waitFor();
    const spend = await chartAndTable(page, 'Spend');
    expect(spend).toHaveLength(7); // the header and six months
    expect(spend.slice(1).filter((r) => !r.endsWith('$0.00')).length).toBeGreaterThanOrEqual(3);
    const statuses = await chartAndTable(page, 'Projects by status');
    expect(statuses.length).toBeGreaterThan(1);
    const orders = page
      .locator('section.chart-card')
      .filter({ has: page.getByRole('heading', { name: 'Orders in production' }) });
    await orders
      .getByText(/day\(s\) Late/)
      .first()
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-customer-desktop');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'dashboard-customer-phone');
    expect(errors).toEqual([]);
  });

  test("The dashboard's first paint is the person's own page, before any script runs, and the app takes it over in place", async ({
    signIn,
    browser,
  }) => {
    const { page, errors } = await signIn(customer);
    await page.getByRole('heading', { name: 'Your figures' }).waitFor();
    // the same signed-in browser with scripts off: what the server sent is what a phone paints first
    const noScripts = await browser.newContext({
      storageState: await page.context().storageState(),
      javaScriptEnabled: false,
    });
    try {
      const first = await noScripts.newPage();
      await first.goto(`${new URL(page.url()).origin}/dashboard`);
      const drawn = await first.locator('h1').textContent();
      expect(drawn).toMatch(/^Good (morning|afternoon|evening), Claire$/);
      await first
        .getByText('What would you like to make today? Start from a model, an idea or a designer.')
        .waitFor();
      const nav = first.getByRole('navigation', { name: 'App' });
      expect(await nav.getByRole('link').allTextContents()).toContain('Browse Designers');
      // with scripts the app draws the same page in its place, then its figures: the same greeting (the
      // server used the time zone the browser told it)
      await page.goto('/dashboard');
      await page.getByText('Spent this month').waitFor();
      expect(await page.locator('h1').textContent()).toBe(drawn);
    } finally {
      await noScripts.close();
    }
    expect(errors).toEqual([]);
  });

  test('A designer sees earnings this month against last, offers sent and won and the rating over time', async ({
    signIn,
  }) => {
    const { page, errors } = await signIn(designer);
    const before = await chartsLoadedLazily(page);
    expect(before.some((n) => /\/charts-[\w-]+\.js$/.test(n))).toBe(false);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Your figures' }).waitFor();
    const earnings = await chartAndTable(page, 'Earnings');
    expect(earnings.slice(1).filter((r) => !r.endsWith('$0.00')).length).toBeGreaterThanOrEqual(2);
    await page
      .getByText(/on last month|Nothing last month|Same as last month|Nothing this month or last/)
      .first()
      .waitFor();
    const offers = await chartAndTable(page, 'Offers sent and won');
    expect(offers[0]).toBe('MonthSentWon');
    const rating = await chartAndTable(page, 'Rating over time');
    expect(rating.slice(1).some((r) => /\d\.\d/.test(r))).toBe(true);
    const after = await chartsLoadedLazily(page);
    expect(after.some((n) => /\/charts-[\w-]+\.js$/.test(n))).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-designer-desktop');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'dashboard-designer-phone');
    expect(errors).toEqual([]);
  });

  test('A service provider sees their own earnings and offers', async ({ signIn }) => {
    const { page, errors } = await signIn(service);
    await page.goto('/dashboard');
    const earnings = await chartAndTable(page, 'Earnings');
    expect(earnings.slice(1).filter((r) => !r.endsWith('$0.00')).length).toBeGreaterThanOrEqual(1);
    await chartAndTable(page, 'Offers sent and won');
    await screenshot(page, 'dashboard-service-desktop');
    expect(errors).toEqual([]);
  });

  test('The production team sees revenue this month against last, orders per stage and what needs them', async ({
    signIn,
  }) => {
    const { page, errors } = await signIn(staff);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'The business this month' }).waitFor();
    const revenue = await chartAndTable(page, 'Revenue');
    expect(revenue.slice(1).filter((r) => !r.endsWith('$0.00')).length).toBeGreaterThanOrEqual(4);
    const stages = await chartAndTable(page, 'Orders per stage');
    expect(stages[0]).toBe('StageItems');
    // the demo's late order waits at casting
    expect(stages.some((r) => /^CASTING[1-9]/.test(r))).toBe(true);
    const figures = page.getByLabel('This month', { exact: true });
    await expect.poll(() => figures.textContent()).toContain('Late orders');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-staff-desktop');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'dashboard-staff-phone');
    expect(errors).toEqual([]);
  });
});
