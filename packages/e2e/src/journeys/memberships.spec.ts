import { describe, expect, test } from '../fixtures/test';
import { customerBody, signUpThroughApi, uniqueEmail } from '../fixtures/api';
import { screenshot, seriousA11yViolations, type Page } from '../fixtures/browser';

/** Fills the sandbox gateway's hosted page with a card and pays. */
async function payWithCard(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill('34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

describe('memberships and credits', () => {
  test('A customer buys a credit pack with a test card, upgrades to Pro and opens a Pro library design', async ({
    signIn,
  }) => {
    const email = uniqueEmail('member');
    await signUpThroughApi(customerBody(email));
    const { page, errors } = await signIn({
      path: '/login-user',
      email,
      password: 'Sparkle-2026!',
      landing: '/dashboard',
    });

    // credits: Standard's monthly credits, then a pack paid on the sandbox's page
    await page.goto('/credits');
    await page.getByRole('heading', { level: 1, name: 'Credits' }).waitFor();
    expect(await page.getByTestId('credit-balance').textContent()).toBe('20');
    await page.getByRole('radio', { name: /^50 credits/ }).check({ force: true });
    await page.getByRole('button', { name: 'Buy for $9.00' }).click();
    await page.waitForURL(/\/sandbox\/checkout\/cs_sbx_/);
    await payWithCard(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/credits\?payment=/);
    // the page follows the payment until the gateway's event is applied
    await page.getByText('Payment of $9.00 received. Your credits are added.').waitFor({ timeout: 30_000 });
    await page.getByRole('cell', { name: 'Bought 50 credits' }).waitFor();
    expect(await page.getByTestId('purchased-credits').textContent()).toBe('50');
    expect(await page.getByTestId('credit-balance').textContent()).toBe('70');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'memberships-credits');

    // the avatar menu: Credit Balance with Monthly Credits and Purchased Credits
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: /Purchased Credits 50/ }).waitFor();
    await page.getByRole('menuitem', { name: /Monthly Credits 20/ }).waitFor();
    await screenshot(page, 'memberships-avatar-menu');
    await page.keyboard.press('Escape');

    // a Pro design is refused on Standard
    await page.goto('/produce/design');
    await page
      .getByRole('article', { name: 'Wide Statement Band' })
      .getByText('Upgrade your membership to use this design!')
      .waitFor();

    // /pricing compares the plans from the server; Upgrade to Pro shows what is due now
    await page.goto('/pricing');
    await page.getByRole('heading', { name: 'Pro', level: 3 }).waitFor();
    await page.getByText('Your plan').waitFor();
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade your plan' });
    await dialog.getByText(/^You pay \$29\.00 now; Pro renews monthly from/).waitFor();
    await screenshot(page, 'memberships-upgrade-dialog');
    await dialog.getByRole('button', { name: 'Pay $29.00' }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await payWithCard(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/account-settings\?payment=/);
    await page.getByText('Payment of $29.00 received. Your plan is updated.').waitFor({ timeout: 30_000 });
    await page.getByText('Pro plan', { exact: true }).waitFor();
    // no Upgrade Plan once off Standard
    await page.getByRole('button', { name: 'Upgrade Plan' }).waitFor({ state: 'detached' });
    await screenshot(page, 'memberships-account-pro');

    // the Pro design opens now
    await page.goto('/produce/design');
    await page
      .getByRole('article', { name: 'Wide Statement Band' })
      .getByRole('button', { name: 'Use this design' })
      .click();
    await page.waitForURL(/\/produce\/steps\?model=[0-9a-f-]+$/);
    await page.getByRole('heading', { name: 'Wide Statement Band' }).waitFor();
    await screenshot(page, 'memberships-pro-design');
    expect(errors).toEqual([]);
  });

  test('On a phone the credits page and the upgrade dialog fit the screen', async ({ signIn }) => {
    const email = uniqueEmail('member-phone');
    await signUpThroughApi(customerBody(email));
    const { page, errors } = await signIn({
      path: '/login-user',
      email,
      password: 'Sparkle-2026!',
      landing: '/dashboard',
      viewport: 'phone',
    });
    await page.goto('/credits');
    await page.getByTestId('credit-balance').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await screenshot(page, 'memberships-credits-phone');
    await page.goto('/account-settings?upgrade=1');
    const dialog = page.getByRole('dialog', { name: 'Upgrade your plan' });
    await dialog.getByText(/^You pay \$29\.00 now/).waitFor();
    await screenshot(page, 'memberships-upgrade-dialog-phone');
    expect(errors).toEqual([]);
  });
});
