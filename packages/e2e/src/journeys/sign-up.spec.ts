import { describe, expect, test } from '../fixtures/test';
import { screenshot, collectPageErrors, type Page } from '../fixtures/browser';

const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
const next = (page: Page) => page.getByRole('button', { name: /^Next/ }).click();
const heading = (page: Page, name: RegExp) => page.getByRole('heading', { level: 1, name }).waitFor();

async function account(page: Page, role: RegExp, email: string, withPhone: boolean) {
  await page.goto('/onboarding');
  await heading(page, /How will you use Facet/);
  await page.getByRole('radio', { name: role }).check();
  await next(page);
  await heading(page, /Create your account/);
  await page.getByLabel(/^Email/).fill(email);
  await page
    .getByLabel(/^Password/)
    .first()
    .fill('Sparkle-2026!');
  await page.getByLabel(/^Full Name/).fill('Ada Lovelace');
  if (withPhone) await page.getByLabel(/^Phone number/).fill('2125550123');
  await next(page);
  await heading(page, /Where are you based/);
  await page.getByLabel(/^Country/).selectOption('US');
  await page.getByLabel(/^State/).selectOption('NY');
  await page.getByLabel(/^City/).fill('New York');
  await page.getByLabel(/^Street/).fill('5 Canal St');
  await page.getByLabel(/^Zipcode/).fill('10013');
  await next(page);
}

async function checkAllConfirmations(page: Page) {
  const boxes = page.locator('.wizard__confirm input[type=checkbox], form input[type=checkbox]');
  const count = await boxes.count();
  for (let i = 0; i < count; i++) {
    const box = boxes.nth(i);
    if (!(await box.isChecked())) await box.check();
  }
}

describe('sign-up', () => {
  test('A customer signs up through the wizard and lands on the dashboard', async ({ page }) => {
    const errors = collectPageErrors(page);
    const email = unique('maya');
    await account(page, /^Customer/, email, true);
    await heading(page, /What brings you here/);
    await page.getByRole('radio', { name: /^Personal/ }).check();
    await next(page);
    await heading(page, /A few details/);
    await next(page);
    await heading(page, /Connect your online presence/);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByText('You must agree to the Terms Of Use').count()).toBeGreaterThan(0);
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await screenshot(page, 'sign-up-customer-final-step');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard');
    const me = await page.evaluate(() => fetch('/api/me').then((r) => r.json()));
    expect(me.user).toMatchObject({ email, role: 'customer', status: 'active' });
    expect(errors).toEqual([]);
  });

  test('A CAD designer signs up with skills, bio and portfolio and waits for approval', async ({
    newContext,
  }) => {
    const context = await newContext();
    const page = await context.newPage();
    const email = unique('rafael');
    await account(page, /^CAD designer/, email, false);
    await heading(page, /Your skills/);
    await page.getByRole('button', { name: 'Engagement rings' }).click();
    await page.getByRole('button', { name: 'NURBS modeling' }).click();
    await next(page);
    await heading(page, /A few details/);
    await page
      .getByRole('group', { name: /^Software skills/ })
      .getByRole('button', { name: 'Rhino', exact: true })
      .click();
    await page
      .getByRole('group', { name: /^Software owned/ })
      .getByRole('button', { name: 'Rhino', exact: true })
      .click();
    await next(page);
    await heading(page, /Connect your online presence/);
    await page.getByLabel(/^Bio/).fill('Short.');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByText('Bio must be at least 100 characters').count()).toBeGreaterThan(0);
    await page
      .getByLabel(/^Bio/)
      .fill(
        'I design engagement rings and bridal sets in Rhino, modelled for clean casting, easy stone setting and comfortable everyday wear.',
      );
    await page.getByLabel(/^Portfolio link/).fill('rafaelcosta.example');
    await checkAllConfirmations(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/pending');
    await screenshot(page, 'sign-up-designer-pending');
    const me = await page.evaluate(() => fetch('/api/me').then((r) => r.json()));
    expect(me.user).toMatchObject({ email, role: 'designer', status: 'pending' });
    // a pending pro is kept on /pending
    await page.goto('/dashboard');
    await page.waitForURL('**/pending');
    await context.close();
  });

  test('A service provider signs up with service types and waits for approval', async ({ newContext }) => {
    const context = await newContext('phone');
    const page = await context.newPage();
    const email = unique('ada');
    await account(page, /^Service provider/, email, false);
    await heading(page, /Your skills|Your services/);
    await page.getByRole('button', { name: 'Lost-wax casting' }).click();
    await page.getByLabel(/^Tell us why/).fill('We cast for independent jewelers and want steady work.');
    await next(page);
    await heading(page, /A few details/);
    await page
      .getByRole('group', { name: /^Capabilities/ })
      .getByRole('button')
      .first()
      .click();
    await next(page);
    await heading(page, /Connect your online presence/);
    await checkAllConfirmations(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/pending');
    await screenshot(page, 'sign-up-service-pending-phone');
    const me = await page.evaluate(() => fetch('/api/me').then((r) => r.json()));
    expect(me.user).toMatchObject({ email, role: 'service', status: 'pending' });
    await context.close();
  });
});
