import { describe, expect, test } from '../fixtures/test';
import { apiSession } from '../fixtures/api';
import { screenshot, type Page } from '../fixtures/browser';

const READ_ONLY = 'Chat is now read-only. Quote has been submitted.';
const CLOSED = 'This conversation is closed.';
/** Live means without a reload, within a few seconds (the server pushes within one). */
const LIVE = { timeout: 5000 };

type Me = { user: { id: string; fullName: string } };

/** A fresh project of customer@ with designer2@ and designer3@ invited, neither quoting yet. */
async function projectWithTwoInvitations() {
  const customer = await apiSession('customer@demo.facet', 'customer');
  const d2 = await apiSession('designer2@demo.facet', 'designer');
  const d3 = await apiSession('designer3@demo.facet', 'designer');
  const staff = await apiSession('staff@demo.facet', 'staff');
  const me2 = ((await d2.call('GET', '/api/me')).json as Me).user;
  const me3 = ((await d3.call('GET', '/api/me')).json as Me).user;
  const created = await customer.call('POST', '/api/projects', {
    title: `Live offers ring ${Date.now().toString(36)}`,
    description: 'A signet ring; two designers are asked for an offer.',
    items: [{ title: 'Signet ring', itemType: 'Ring', description: 'Oval face, 12 mm.' }],
  });
  expect(created.status).toBe(201);
  const projectId = (created.json as { project: { id: string } }).project.id;
  const offers: Record<string, string> = {};
  for (const [name, id] of [
    ['d2', me2.id],
    ['d3', me3.id],
  ] as const) {
    const invited = await customer.call('POST', `/api/projects/${projectId}/invitations`, { proId: id });
    expect(invited.status).toBe(201);
    offers[name] = (invited.json as { offer: { id: string } }).offer.id;
  }
  return { projectId, offers, d2, d3, staff, me2, me3 };
}

/** Marks the page so that a reload (a new document) would be noticed. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
}
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

const offerCard = (page: Page, shortName: string) =>
  page.getByRole('article', { name: `Offer from ${shortName}` });
const composer = (page: Page) => page.getByRole('combobox', { name: 'Message' });

describe('offers and status moves arrive live', () => {
  test('customer on the Offers tab sees a quote sent through the API without a reload; the designer’s composer closes; after accept and payment the chat opens on the chosen designer; the refused designer sees only their closed invitation', async ({
    signIn,
  }) => {
    const { projectId, offers, d2, d3, staff, me2, me3 } = await projectWithTwoInvitations();
    const url = `/projects/${projectId}`;
    const short2 = `${me2.fullName.split(' ')[0]} ${me2.fullName.split(' ')[1]!.charAt(0)}.`;
    const short3 = `${me3.fullName.split(' ')[0]} ${me3.fullName.split(' ')[1]!.charAt(0)}.`;

    const customer = await signIn({
      path: '/login-user',
      email: 'customer@demo.facet',
      landing: '/dashboard',
      viewport: 'desktop',
    });
    const designer = await signIn({
      path: '/login-designer',
      email: 'designer2@demo.facet',
      landing: '/projects',
      viewport: 'desktop',
    });
    const c = customer.page;
    const d = designer.page;

    // the customer waits on the Offers tab: both offers read No answer
    await c.goto(url);
    await c.getByRole('tab', { name: /^Offers/ }).click();
    await offerCard(c, short2).getByTestId('offer-price').filter({ hasText: 'No answer' }).waitFor();
    await markDocument(c);
    // designer2 has the project open with the pre-quote chat
    await d.goto(url);
    await composer(d).waitFor();
    expect(await composer(d).isDisabled()).toBe(false);
    await markDocument(d);

    // designer2 quotes through the API: the customer's tab shows the price, live
    const quoted = await d2.call('POST', `/api/invitations/${offers.d2}/offer`, {
      priceCents: 64_000,
      leadTimeDays: 9,
    });
    expect(quoted.status).toBe(200);
    await offerCard(c, short2).getByTestId('offer-price').filter({ hasText: '$640' }).waitFor(LIVE);
    // and designer2's own page closes the composer with the spec's text, live
    await d.getByText(READ_ONLY).first().waitFor(LIVE);
    expect(await composer(d).isDisabled()).toBe(true);
    await screenshot(c, 'live-offers-customer-quote');
    await screenshot(d, 'live-offers-designer-read-only');

    // designer3 quotes too; the customer accepts designer3 in the page
    expect(
      (await d3.call('POST', `/api/invitations/${offers.d3}/offer`, { priceCents: 58_000, leadTimeDays: 6 }))
        .status,
    ).toBe(200);
    await offerCard(c, short3).getByTestId('offer-price').filter({ hasText: '$580' }).waitFor(LIVE);
    await c.getByRole('button', { name: `Accept offer from ${short3}` }).click();
    await c
      .getByRole('dialog', { name: 'Accept this offer?' })
      .getByRole('button', { name: 'Accept offer' })
      .click();
    await c.getByTestId('project-status').filter({ hasText: 'Make Payment' }).waitFor(LIVE);

    // designer2 was refused: their page turns into the closed invitation, live, and names no winner
    await d.getByRole('heading', { name: 'REFUSED' }).waitFor(LIVE);
    await d.getByTestId('project-status').filter({ hasText: 'Closed' }).waitFor();
    await d.getByText(CLOSED).first().waitFor();
    expect(await d.getByText(me3.fullName).count()).toBe(0);
    expect(await d.getByText('$580').count()).toBe(0);
    await screenshot(d, 'live-offers-refused-designer');

    // the payment is recorded (staff, through the API): the customer's page moves on live and the chat
    // opens on the chosen designer's conversation, not on the refused one's
    expect((await staff.call('POST', `/api/staff/projects/${projectId}/mark-paid`)).status).toBe(200);
    await c.getByTestId('project-status').filter({ hasText: 'In Design' }).waitFor(LIVE);
    const pane = c.getByRole('region', { name: `Chat with ${me3.fullName}` });
    await pane.waitFor(LIVE);
    expect(await pane.getByRole('combobox', { name: 'Message' }).isDisabled()).toBe(false);
    await screenshot(c, 'live-offers-customer-in-design');

    // nothing above came from a reload
    expect(await sameDocument(c)).toBe(true);
    expect(await sameDocument(d)).toBe(true);
    // the refused designer's page still shows nothing of the move
    expect(await d.getByText('In Design').count()).toBe(0);
    expect(customer.errors).toEqual([]);
    expect(designer.errors).toEqual([]);
  });
});
