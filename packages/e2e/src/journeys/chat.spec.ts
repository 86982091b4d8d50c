import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiSession } from '../fixtures/api';
import {
  collectPageErrors,
  launchBrowser,
  loginThroughPage,
  newContext,
  screenshot,
  type Browser,
  type Page,
} from '../fixtures/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const PASSWORD = 'Facet-demo-1';
const shotsDir = new URL('../../screenshots/', import.meta.url).pathname;
const READ_ONLY = 'Chat is now read-only. Quote has been submitted.';

async function signedIn(path: string, email: string, landing: string, viewport: 'desktop' | 'phone') {
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await loginThroughPage(page, path, email, PASSWORD);
  await page.waitForURL(`**${landing}`);
  return { context, page, errors };
}

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
  test('customer and designer chat live: text both ways, typing, a blocked phone number; read-only demo room', async () => {
    const { projectId, customer: customerApi, designerName } = await projectWithOpenRoom();
    const url = `/projects/${projectId}`;

    const customer = await signedIn('/login-user', 'customer@demo.facet', '/dashboard', 'desktop');
    const designer = await signedIn('/login-designer', 'designer@demo.facet', '/projects', 'phone');
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
    await customer.context.close();
    await designer.context.close();
  });
});
