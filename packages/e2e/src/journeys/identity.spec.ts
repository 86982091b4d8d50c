import { inject } from 'vitest';
import { describe, expect, test } from '../fixtures/test';
import { baseUrl, collectPageErrors, screenshot, type Page } from '../fixtures/browser';

const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
const next = (page: Page) => page.getByRole('button', { name: /^Next/ }).click();
const heading = (page: Page, name: RegExp) => page.getByRole('heading', { level: 1, name }).waitFor();

/** The provider's own pages: its login form (any login, any password), then its consent page. */
async function signInAtProvider(page: Page, login: string, shot?: string) {
  await page.locator('input[name=login]').waitFor();
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill('any-password');
  if (shot) await screenshot(page, shot);
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('sign-in through an identity provider', () => {
  test('The OpenID provider the server trusts is up (discovery)', async () => {
    const res = await fetch(`${inject('identityIssuer')}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(20_000),
    });
    expect(res.status).toBe(200);
  });

  test('A new customer continues with the provider, finishes the wizard, and logs out of both', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    const email = unique('ines');
    await page.goto('/login-user');
    const button = page.getByRole('link', { name: 'Continue with Acme ID' });
    await button.waitFor();
    await screenshot(page, 'identity-login-user');
    await button.click();
    await signInAtProvider(page, email, 'identity-provider-login');

    // back with the provider's verified e-mail: the wizard starts at the account step, no password asked
    await page.waitForURL('**/onboarding?identity=1**');
    await heading(page, /Create your account/);
    const emailField = page.getByLabel(/^Email/);
    expect(await emailField.inputValue()).toBe(email);
    expect(await emailField.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel(/^Password/).count()).toBe(0);
    await screenshot(page, 'identity-signup-account-step');
    await page.getByLabel(/^Full Name/).fill('Ines Duarte');
    await page.getByLabel(/^Phone number/).fill('2125550123');
    await next(page);
    await heading(page, /Where are you based/);
    await page.getByLabel(/^Country/).selectOption('US');
    await page.getByLabel(/^State/).selectOption('NY');
    await page.getByLabel(/^City/).fill('New York');
    await page.getByLabel(/^Street/).fill('5 Canal St');
    await page.getByLabel(/^Zipcode/).fill('10013');
    await next(page);
    await heading(page, /What brings you here/);
    await page.getByRole('radio', { name: /^Personal/ }).check();
    await next(page);
    await heading(page, /A few details/);
    await next(page);
    await heading(page, /Connect your online presence/);
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard');
    const me = await page.evaluate(() => fetch('/api/me').then((r) => r.json()));
    expect(me.user).toMatchObject({ email, role: 'customer', fullName: 'Ines Duarte' });

    // logout ends our session, then the provider's (its own confirmation page), and comes back home
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: /Log out/ }).click();
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await page.waitForURL(`${baseUrl()}/`);
    expect(await page.evaluate(() => fetch('/api/me').then((r) => r.status))).toBe(401);

    // signing in again goes straight to the dashboard
    await page.goto('/login-user');
    await page.getByRole('link', { name: 'Continue with Acme ID' }).click();
    await signInAtProvider(page, email);
    await page.waitForURL('**/dashboard');
    expect(errors).toEqual([]);
  });

  test('The demo customer links the provider to their account with their password (phone)', async ({
    newContext,
  }) => {
    const context = await newContext('phone');
    const page = await context.newPage();
    await page.goto('/login-user');
    await page.getByRole('link', { name: 'Continue with Acme ID' }).click();
    await signInAtProvider(page, 'customer@demo.facet');
    await page.waitForURL('**/identity/link');
    await heading(page, /You already have a Facet account/);
    await page.getByLabel(/^Facet password/).fill('not-it');
    await page.getByRole('button', { name: 'Link and sign in' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'That password is not right for this account.' })
      .waitFor();
    await screenshot(page, 'identity-link-phone');
    await page.getByLabel(/^Facet password/).fill('Facet-demo-1');
    await page.getByRole('button', { name: 'Link and sign in' }).click();
    await page.waitForURL('**/dashboard');
  });

  test('Designers see their tenant; a callback with a bad state ends on a clear page, not a loop', async ({
    newContext,
  }) => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const context = await newContext(viewport);
      const page = await context.newPage();
      const started: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/identity/login/')) started.push(r.url());
      });
      await page.goto('/login-designer');
      await page.getByRole('link', { name: 'Continue with Acme Pro ID' }).waitFor();
      if (viewport === 'phone') await screenshot(page, 'identity-login-designer-phone');

      await page.goto('/api/identity/callback/customer?code=forged&state=forged');
      await page.waitForURL('**/identity/error?code=invalid_state');
      await heading(page, /Invalid state/);
      await screenshot(page, `identity-error-invalid-state-${viewport}`);
      await page.getByRole('link', { name: 'Back to login' }).click();
      await page.waitForURL('**/login-user');
      await page.getByRole('link', { name: 'Continue with Acme ID' }).waitFor();
      // no new sign-in started by itself on the way (no loop): only the person's click would
      expect(started).toEqual([]);
    }
  });
});
