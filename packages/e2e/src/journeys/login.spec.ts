import { describe, expect, test } from '../fixtures/test';
import { loginThroughPage, screenshot } from '../fixtures/browser';

const PASSWORD = 'Facet-demo-1';

describe('login', () => {
  test('Signed-out pages log no console error: being signed out is an answer, not a 401', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    for (const path of ['/', '/login-user']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(errors).toEqual([]);
  });

  test('A customer logs in on the customer page, sees the app and logs out', async ({ page }) => {
    await loginThroughPage(page, '/login-user', 'customer@demo.facet', PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: /Log out/ }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const me = await page.evaluate(() => fetch('/api/me').then((r) => r.status));
    expect(me).toBe(401);
  });

  test('A designer on the customer login page is refused with a clear message', async ({ page }) => {
    await loginThroughPage(page, '/login-user', 'designer@demo.facet', PASSWORD);
    const alert = page.getByRole('alert').filter({ hasText: 'CAD designers sign in at /login-designer' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('This login is for customers.');
    await screenshot(page, 'login-wrong-portal');
  });

  test('Each professional and staff log in on their own page', async ({ newContext }) => {
    for (const [path, email, landing] of [
      ['/login-designer', 'designer@demo.facet', '/projects'],
      ['/login-service', 'service@demo.facet', '/projects'],
      ['/login-staff', 'staff@demo.facet', '/ops/people'],
    ] as const) {
      const context = await newContext();
      const page = await context.newPage();
      await loginThroughPage(page, path, email, PASSWORD);
      await page.waitForURL(`**${landing}`);
      await context.close();
    }
  });

  test('A wrong password shows the server message and keeps the visitor signed out', async ({
    newContext,
  }) => {
    const context = await newContext();
    const page = await context.newPage();
    await loginThroughPage(page, '/login-user', 'customer@demo.facet', 'not-the-password');
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password.' }).waitFor();
    await context.close();
  });

  test('A signed-out visitor to a protected page is sent home', async ({ page }) => {
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/');
  });
});
