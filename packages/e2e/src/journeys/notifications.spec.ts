import { describe, expect, test } from '../fixtures/test';
import { apiSession, customerBody, signUpThroughApi, uniqueEmail } from '../fixtures/api';
import { screenshot, seriousA11yViolations, type Page } from '../fixtures/browser';

/** Live means without a reload, within a few seconds (the server pushes within one). */
const LIVE = { timeout: 5000 };
const PASSWORD = 'Sparkle-2026!';

const bell = (page: Page, unread: number | 'none') =>
  page.getByRole('button', { name: `Notifications, ${unread} unread` });

/**
 * A new customer with a project and the demo designer invited: their welcome, the project's creation and its
 * move to Invite Designers made 3 notifications (waited for: mail jobs run in the background).
 */
async function customerWithInvitation() {
  const email = uniqueEmail('bell');
  await signUpThroughApi({ ...customerBody(email), fullName: 'Nora Bell' });
  const customer = await apiSession(email, 'customer', PASSWORD);
  const designer = await apiSession('designer@demo.facet', 'designer');
  const designerId = ((await designer.call('GET', '/api/me')).json as { user: { id: string } }).user.id;
  const title = `Bell ring ${Date.now().toString(36)}`;
  const created = await customer.call('POST', '/api/projects', {
    title,
    description: 'A stacking ring with a bezel-set sapphire.',
    items: [{ title: 'Stacking ring', itemType: 'Ring', description: '2 mm band.' }],
  });
  expect(created.status).toBe(201);
  const projectId = (created.json as { project: { id: string } }).project.id;
  const invited = await customer.call('POST', `/api/projects/${projectId}/invitations`, {
    proId: designerId,
  });
  expect(invited.status).toBe(201);
  const offerId = (invited.json as { offer: { id: string } }).offer.id;
  await expect
    .poll(async () => (await customer.call('GET', '/api/me/notifications/unread-count')).json, {
      timeout: 10_000,
    })
    .toEqual({ unreadCount: 3 });
  return { email, customer, designer, projectId, offerId, title };
}

describe('the notification centre', () => {
  test('the designer sends an offer through the API: the customer’s bell count goes up live, the list links to the project, mark all read', async ({
    signIn,
  }) => {
    const { email, customer, designer, projectId, offerId, title } = await customerWithInvitation();
    const { page, errors } = await signIn({
      path: '/login-user',
      email,
      password: PASSWORD,
      landing: '/dashboard',
      viewport: 'desktop',
    });
    // the welcome, the project's creation and its move to Invite Designers
    await bell(page, 3).waitFor(LIVE);
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    // the designer quotes: the bell counts it, live, without a reload
    const quoted = await designer.call('POST', `/api/invitations/${offerId}/offer`, {
      priceCents: 72_000,
      leadTimeDays: 8,
    });
    expect(quoted.status).toBe(200);
    await bell(page, 4).waitFor(LIVE);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );

    // the panel: newest first, with how long ago, each a link to its thing
    await bell(page, 4).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const offer = panel.getByRole('link', { name: new RegExp(`New offer on "${title}"`) });
    await offer.waitFor();
    expect(await offer.getAttribute('href')).toBe(`/projects/${projectId}`);
    expect(await panel.getByText('just now').count()).toBeGreaterThan(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'notifications-bell-panel-desktop');

    // opening it goes to the project and marks it read
    await offer.click();
    await page.waitForURL(`**/projects/${projectId}`);
    await expect
      .poll(async () => (await customer.call('GET', '/api/me/notifications/unread-count')).json)
      .toEqual({
        unreadCount: 3,
      });

    // the full list: one read, three unread; mark all read
    await page.goto('/notifications');
    await page.getByText('3 unread').waitFor();
    const list = page.getByRole('list', { name: 'Notifications' });
    expect(await list.getByRole('listitem').count()).toBe(4);
    await screenshot(page, 'notifications-page-desktop');
    await page.getByRole('main').getByRole('button', { name: 'Mark all read' }).click();
    await page.getByText('You are all caught up.').waitFor();
    await bell(page, 'none').waitFor();
    expect((await customer.call('GET', '/api/me/notifications/unread-count')).json).toEqual({
      unreadCount: 0,
    });

    // mail preferences: "New offers" off is saved; payment receipts stay on and cannot be unchecked
    await page.goto('/account-settings');
    const prefs = page.getByRole('region', { name: 'Mail notifications' });
    const receipts = prefs.getByRole('checkbox', { name: /Payment receipts/ });
    await receipts.waitFor();
    expect(await receipts.isChecked()).toBe(true);
    expect(await receipts.isDisabled()).toBe(true);
    await prefs.getByRole('checkbox', { name: /New offers/ }).click();
    await page.getByText('Mail off: New offers', { exact: true }).waitFor();
    const saved = (await customer.call('GET', '/api/me/notification-preferences')).json as {
      preferences: { type: string; mail: boolean }[];
    };
    expect(saved.preferences.find((p) => p.type === 'designer-invite-accept')?.mail).toBe(false);
    await prefs.scrollIntoViewIfNeeded();
    await screenshot(page, 'notifications-preferences-desktop');
    expect(errors).toEqual([]);
  });

  test('on a phone the bell opens a panel that fits the screen', async ({ signIn }) => {
    const { email } = await customerWithInvitation();
    const { page, errors } = await signIn({
      path: '/login-user',
      email,
      password: PASSWORD,
      landing: '/dashboard',
      viewport: 'phone',
    });
    await bell(page, 3).waitFor(LIVE);
    await bell(page, 3).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('link', { name: /Your project .* is ready/ }).waitFor();
    const box = await panel.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await screenshot(page, 'notifications-bell-panel-phone');
    // Escape closes it and gives the focus back to the bell
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    // the focus comes back once the panel has finished closing (a busy machine takes a moment)
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Notifications, 3 unread');
    await page.goto('/notifications');
    await page.getByRole('list', { name: 'Notifications' }).waitFor();
    await screenshot(page, 'notifications-page-phone');
    expect(errors).toEqual([]);
  });
});
