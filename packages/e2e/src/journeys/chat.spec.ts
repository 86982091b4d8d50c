import { describe, expect, test } from '../fixtures/test';
import { apiSession } from '../fixtures/api';
import { baseUrl, screenshot, type Page } from '../fixtures/browser';

const shotsDir = new URL('../../screenshots/', import.meta.url).pathname;
const READ_ONLY = 'Chat is now read-only. Quote has been submitted.';
const PINNED_NOTICE = 'Sending is off while the pinned messages are shown.';

/**
 * A fresh project of customer@ with designer@ invited and not yet quoting, so its pre-quote room is open
 * (the demo "Botanical pendant collection" room of designer@ is read-only: designer@ has quoted there).
 */
async function projectWithOpenRoom() {
  const customer = await apiSession('customer@demo.facet', 'customer');
  const designer = await apiSession('designer@demo.facet', 'designer');
  const me = (await designer.call('GET', '/api/me')).json as { user: { id: string; fullName: string } };
  const created = await customer.call('POST', '/api/projects', {
    title: `Chat pendant ${Date.now().toString(36)}`,
    description: 'A small leaf pendant to talk through in the chat.',
    items: [{ title: 'Leaf pendant', itemType: 'Necklace', description: 'A single leaf, 20 mm tall.' }],
  });
  expect(created.status).toBe(201);
  const projectId = (created.json as { project: { id: string } }).project.id;
  const invited = await customer.call('POST', `/api/projects/${projectId}/invitations`, {
    proId: me.user.id,
  });
  expect(invited.status).toBeLessThan(300);
  return { projectId, customer, designerName: me.user.fullName };
}

const composer = (page: Page) => page.getByRole('combobox', { name: 'Message' });
const log = (page: Page) => page.getByRole('log', { name: 'Messages' });

describe('chat pane', () => {
  test('customer and designer chat live: text both ways, typing, a blocked phone number, a pinned message, a new 3D model, a quote card answered from the chat; read-only demo room', async ({
    signIn,
  }) => {
    const { projectId, customer: customerApi, designerName } = await projectWithOpenRoom();
    const url = `/projects/${projectId}`;

    const customer = await signIn({
      path: '/login-user',
      email: 'customer@demo.facet',
      landing: '/dashboard',
      viewport: 'desktop',
    });
    const designer = await signIn({
      path: '/login-designer',
      email: 'designer@demo.facet',
      landing: '/projects',
      viewport: 'phone',
    });
    const c = customer.page;
    const d = designer.page;

    // customer: Invite page, Messages tab
    await c.goto(url);
    await c.getByRole('tab', { name: 'Messages' }).click();
    await composer(c).waitFor();
    // designer: the project page's Messages section
    await d.goto(url);
    await composer(d).waitFor();

    // text from customer to designer, live
    await composer(c).fill('Hello! Could the leaf be a little thinner?');
    await composer(c).press('Enter');
    await log(d).getByText('Hello! Could the leaf be a little thinner?').waitFor();
    await expect.poll(() => composer(c).inputValue()).toBe('');

    // typing shows on the other side
    await composer(d).pressSequentially('Sure, 1.2 mm', { delay: 30 });
    await c.getByText(/is typing…$/).waitFor();
    await composer(d).press('Enter');
    await log(c).getByText('Sure, 1.2 mm').waitFor();
    // the typing indicator clears after the message (or after 2.5 s at most)
    await c.getByText(/is typing…$/).waitFor({ state: 'detached', timeout: 5000 });

    // Shift+Enter adds a line; the message keeps it
    await composer(c).fill('Line one');
    await composer(c).press('Shift+Enter');
    await composer(c).pressSequentially('line two');
    expect(await composer(c).inputValue()).toBe('Line one\nline two');
    await composer(c).press('Enter');
    await log(d)
      .getByText(/Line one\s+line two/)
      .waitFor();

    // a mention: @ lists the participants, Enter picks the highlighted one
    await composer(c).pressSequentially(`@${designerName.slice(0, 3)}`);
    const mentions = c.getByRole('listbox', { name: 'Mention someone' });
    await mentions.getByRole('option', { name: designerName }).waitFor();
    await composer(c).press('Enter');
    expect(await composer(c).inputValue()).toBe(`@${designerName} `);
    await composer(c).pressSequentially('please check the bail');
    await composer(c).press('Enter');
    await log(d).getByText(`@${designerName} please check the bail`).waitFor();

    // a file: uploaded with progress, then posted into the room for both
    await c.getByTestId('chat-file').setInputFiles({
      name: 'leaf-notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Leaf pendant notes: 20 mm tall, 1.2 mm thick.\n'.repeat(2000)),
    });
    await log(d)
      .getByRole('link', { name: /leaf-notes\.txt/ })
      .waitFor();
    await log(c)
      .getByRole('link', { name: /leaf-notes\.txt/ })
      .waitFor();

    // read receipts: the designer has the pane open, so the customer's messages show as read
    await log(c).getByLabel('Read').first().waitFor();

    // a phone number is blocked with the warning and never reaches the other side
    await composer(d).fill('Call me on +1 415 555 0123');
    await composer(d).press('Enter');
    const warning = d.getByRole('alert').filter({ hasText: /contact|phone|e-mail/i });
    await warning.waitFor();
    expect(await composer(d).inputValue()).toBe('Call me on +1 415 555 0123');
    expect(await log(c).getByText('Call me on', { exact: false }).count()).toBe(0);

    // the history is the same after a reload (stored with seq, fetched by REST)
    await c.reload();
    await c.getByRole('tab', { name: 'Messages' }).click();
    await log(c).getByText('Sure, 1.2 mm').waitFor();

    await screenshot(c, 'chat-desktop');
    await screenshot(d, 'chat-phone');
    await d
      .getByRole('region', { name: /^Chat with/ })
      .screenshot({ path: `${shotsDir}chat-pane-phone.png` });
    // the pane fits a 375 px screen: no sideways scrolling
    const overflow = await d.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);

    // the production team pins a message from its own chat pane: the customer gets a Pinned tab listing
    // it, and sending is off while that tab is shown
    const staff = await signIn({
      path: '/login-staff',
      email: 'staff@demo.facet',
      landing: '/ops/people',
      viewport: 'desktop',
    });
    const s = staff.page;
    await s.goto(url);
    const toPin = log(s).locator('article', { hasText: 'Sure, 1.2 mm' });
    await toPin.getByRole('button', { name: 'Pin message' }).click();
    await toPin.getByRole('button', { name: 'Unpin message' }).waitFor();
    await screenshot(s, 'chat-staff-pin-desktop');
    // only the production team has pin buttons
    expect(
      await log(c)
        .getByRole('button', { name: /pin message/i })
        .count(),
    ).toBe(0);
    await c.getByRole('tab', { name: 'Pinned (1)' }).click();
    await log(c).getByText('Sure, 1.2 mm').waitFor();
    expect(await log(c).getByText('Hello! Could the leaf be a little thinner?').count()).toBe(0);
    await c.getByText(PINNED_NOTICE).waitFor();
    expect(await composer(c).isDisabled()).toBe(true);
    await screenshot(c, 'chat-pinned-desktop');
    await c.getByRole('tab', { name: 'All Messages' }).click();
    await expect.poll(() => composer(c).isDisabled()).toBe(false);

    // a 3D model added to the project reaches the room (receive-3d-model): a toast, and the files refresh
    const form = new FormData();
    form.append('files', new Blob(['solid leaf\nendsolid leaf\n']), 'leaf-model.stl');
    const added = await fetch(`${baseUrl()}/api/projects/${projectId}/attachments`, {
      method: 'POST',
      headers: { cookie: customerApi.cookie },
      body: form,
    });
    expect(added.status).toBe(201);
    // (the toast's title; Radix also repeats it in a hidden live region)
    await d.getByText('New 3D model').first().waitFor();
    await d.getByText('leaf-model.stl').first().waitFor();
    // the customer's page lists the new file without a reload
    await c.getByText('leaf-model.stl').first().waitFor();

    // the designer sends an offer: a quote card arrives live on both sides and the pre-quote chat closes
    const designerApi = await apiSession('designer@demo.facet', 'designer');
    const invitations = (await designerApi.call('GET', '/api/invitations')).json as {
      invitations: { id: string; projectId: string }[];
    };
    const invitation = invitations.invitations.find((i) => i.projectId === projectId)!;
    const offered = await designerApi.call('POST', `/api/invitations/${invitation.id}/offer`, {
      priceCents: 42_500,
      leadTimeDays: 6,
    });
    expect(offered.status).toBe(200);
    const card = log(c).getByRole('group', { name: /^Quote from/ });
    await card.waitFor();
    expect(await card.textContent()).toMatch(/Total Offer\s*\$425.*Lead Time\s*6 days.*Awaiting answer/);
    await log(d)
      .getByRole('group', { name: /^Quote from/ })
      .waitFor();
    await c.getByText(READ_ONLY).first().waitFor();
    expect(await composer(c).isDisabled()).toBe(true);
    await card.getByRole('button', { name: 'Accept' }).waitFor();
    await screenshot(c, 'chat-quote-desktop');
    await d
      .getByRole('region', { name: /^Chat with/ })
      .screenshot({ path: `${shotsDir}chat-quote-phone.png` });
    expect(
      await d.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(1);
    // the designer sees the card but cannot answer it
    expect(await log(d).getByRole('button', { name: 'Accept' }).count()).toBe(0);

    // the customer's Accept on the card opens the projects' accept dialog
    await card.getByRole('button', { name: 'Accept' }).click();
    const dialog = c.getByRole('dialog', { name: 'Accept this offer?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('$425');
    await screenshot(c, 'chat-quote-accept-dialog-desktop');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await card.getByRole('button', { name: 'Decline' }).click();
    await c
      .getByRole('dialog', { name: 'Decline this offer?' })
      .getByRole('button', { name: 'Decline offer' })
      .click();
    await expect.poll(async () => card.textContent(), { timeout: 10_000 }).toContain('REFUSED');
    await log(d)
      .getByRole('group', { name: /^Quote from/ })
      .getByText('REFUSED')
      .waitFor();

    // the demo project where designer@ has quoted: that room is read-only for the designer
    const list = (await customerApi.call('GET', '/api/projects?pageSize=50')).json as {
      projects: { id: string; title: string }[];
    };
    const botanical = list.projects.find((p) => p.title === 'Botanical pendant collection');
    expect(botanical).toBeTruthy();
    if (botanical) {
      await d.goto(`/projects/${botanical.id}`);
      await d.getByText(READ_ONLY).first().waitFor();
      expect(await composer(d).isDisabled()).toBe(true);
      await screenshot(d, 'chat-read-only-phone');
    }

    expect(customer.errors).toEqual([]);
    expect(designer.errors).toEqual([]);
    expect(staff.errors).toEqual([]);
    await customer.context.close();
    await designer.context.close();
    await staff.context.close();
  });
});
