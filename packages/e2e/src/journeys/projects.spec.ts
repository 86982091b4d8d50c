import { describe, expect, test } from '../fixtures/test';
import { apiSession } from '../fixtures/api';
import { baseUrl, screenshot, seriousA11yViolations, type Page } from '../fixtures/browser';

async function shortNameOf(email: string) {
  const session = await apiSession(email, 'designer');
  const { json } = await session.call('GET', '/api/me');
  const user = (json as { user: { firstName: string; lastName: string } }).user;
  return `${user.firstName} ${user.lastName.charAt(0)}.`;
}

async function sendOffer(page: Page, projectUrl: string, dollars: string, days: string) {
  await page.goto(projectUrl);
  await page.getByRole('heading', { name: 'You are invited to this project' }).waitFor();
  await page.getByLabel('Total price (USD)').fill(dollars);
  await page.getByLabel('Lead time (days)').fill(days);
  await page.getByRole('button', { name: 'Send offer' }).click();
  await page.getByRole('heading', { name: 'Your offer was sent' }).waitFor();
}

describe('projects and offers', () => {
  test('a customer creates a project, invites two designers, both quote, the customer accepts one', async ({
    signIn,
  }) => {
    const [first, second] = await Promise.all([
      shortNameOf('designer@demo.facet'),
      shortNameOf('designer2@demo.facet'),
    ]);
    const customer = await signIn({
      path: '/login-user',
      email: 'customer@demo.facet',
      landing: '/dashboard',
    });
    const c = customer.page;
    const title = `Signet ring ${Date.now().toString(36)}`;

    // create from a brief
    await c.goto('/projects');
    await c.getByRole('button', { name: 'New project' }).first().click();
    const dialog = c.getByRole('dialog', { name: 'New project' });
    await dialog.getByLabel(/^Title/).fill(title);
    await dialog
      .getByLabel('Description', { exact: true })
      .fill('A heavy oval signet with a hand-cut monogram.');
    await dialog.getByLabel('Item type').selectOption('Ring');
    await dialog.getByLabel('width value').fill('18');
    await dialog.getByLabel('thickness value').fill('2.5');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await c.waitForURL(/\/projects\/[^/]+$/);
    const projectUrl = new URL(c.url()).pathname;
    await c.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await c.getByText('18 mm').count()).toBe(1);
    await screenshot(c, 'project-new-desktop');

    // the Invite Designer dialog recommends three designers ranked by fit
    await c.getByRole('button', { name: 'Invite Designer' }).click();
    const recommended = c.getByRole('dialog', { name: 'Recommended designers' });
    await recommended
      .getByRole('button', { name: /^Invite to Project: / })
      .first()
      .waitFor();
    expect(await recommended.getByRole('listitem').count()).toBe(3);
    await c.keyboard.press('Escape');
    await recommended.waitFor({ state: 'hidden' });

    // invite two designers from the Designers tab
    for (const name of [first, second]) {
      await c.getByRole('button', { name: `Invite To Project: ${name}` }).click();
      await c.getByRole('button', { name: `Invited ${name}` }).waitFor();
    }
    await c.getByTestId('project-status').filter({ hasText: 'Invite Designers' }).waitFor();
    await c.getByRole('tab', { name: /^Offers/ }).click();
    expect(await c.getByTestId('offer-price').allTextContents()).toEqual(['No answer', 'No answer']);

    // both designers quote, each in their own browser
    const d1 = await signIn({ path: '/login-designer', email: 'designer@demo.facet', landing: '/projects' });
    const d2 = await signIn({ path: '/login-designer', email: 'designer2@demo.facet', landing: '/projects' });
    await d1.page.getByRole('link', { name: title }).waitFor();
    await sendOffer(d1.page, projectUrl, '1250', '14');
    await sendOffer(d2.page, projectUrl, '980.50', '21');
    await screenshot(d2.page, 'project-designer-quoted-desktop');

    // the customer compares and accepts the first designer
    await c.reload();
    await c.getByRole('tab', { name: /^Offers/ }).click();
    await c
      .getByRole('article', { name: `Offer from ${first}` })
      .getByText('$1,250')
      .waitFor();
    await screenshot(c, 'project-offers-desktop');
    expect(await seriousA11yViolations(c)).toEqual([]);
    await c.getByRole('button', { name: `Accept offer from ${first}` }).click();
    const confirm = c.getByRole('dialog', { name: 'Accept this offer?' });
    await confirm.getByRole('button', { name: 'Accept offer' }).click();
    await c.getByTestId('project-status').filter({ hasText: 'Make Payment' }).waitFor();
    await c.getByRole('heading', { name: 'Make Payment' }).waitFor();
    const team = c.getByRole('region', { name: 'Project Team' });
    await team.getByRole('link', { name: new RegExp(`^${first.split(' ')[0]}`) }).waitFor();
    expect(await c.getByRole('button', { name: /Invite Designer/ }).count()).toBe(0);
    await screenshot(c, 'project-make-payment-desktop');
    await c.setViewportSize({ width: 375, height: 812 });
    await screenshot(c, 'project-make-payment-phone');
    expect(await seriousA11yViolations(c)).toEqual([]);

    // the other designer sees REFUSED, the chosen one ACCEPTED
    await d2.page.reload();
    await d2.page.getByRole('heading', { name: 'REFUSED' }).waitFor();
    await d2.page.setViewportSize({ width: 375, height: 812 });
    await screenshot(d2.page, 'project-designer-refused-phone');
    await d1.page.reload();
    await d1.page.getByRole('heading', { name: 'ACCEPTED' }).waitFor();

    // mails went out
    const mails = (await (await fetch(`${baseUrl()}/dev/mailbox/messages`)).json()) as {
      messages: { to: string; event: string }[];
    };
    const events = (to: string) => mails.messages.filter((m) => m.to === to).map((m) => m.event);
    expect(events('designer@demo.facet')).toEqual(
      expect.arrayContaining(['designer-invite', 'designer-offer-approve']),
    );
    expect(events('designer2@demo.facet')).toEqual(
      expect.arrayContaining(['designer-invite', 'not-chosen-designers']),
    );
    expect(events('customer@demo.facet')).toEqual(
      expect.arrayContaining(['project-creation', 'designer-invite-accept']),
    );

    expect([...customer.errors, ...d1.errors, ...d2.errors]).toEqual([]);
    await Promise.all([customer.context.close(), d1.context.close(), d2.context.close()]);
  });

  test('the chosen designer delivers; the customer asks for changes, the designer declines them, prices the next ones, and the customer approves the delivery', async ({
    signIn,
  }) => {
    // up to In Design through the API: created, invited, quoted, accepted, paid
    const customerApi = await apiSession('customer@demo.facet', 'customer');
    const designerApi = await apiSession('designer3@demo.facet', 'designer');
    const staffApi = await apiSession('staff@demo.facet', 'staff');
    const designerId = ((await designerApi.call('GET', '/api/me')).json as { user: { id: string } }).user.id;
    const title = `Halo pendant ${Date.now().toString(36)}`;
    const created = await customerApi.call('POST', '/api/projects', { title });
    const projectId = (created.json as { project: { id: string } }).project.id;
    const invited = await customerApi.call('POST', `/api/projects/${projectId}/invitations`, {
      proId: designerId,
    });
    const offerId = (invited.json as { offer: { id: string } }).offer.id;
    expect(
      (
        await designerApi.call('POST', `/api/invitations/${offerId}/offer`, {
          priceCents: 60_000,
          leadTimeDays: 5,
        })
      ).status,
    ).toBe(200);
    expect((await customerApi.call('POST', `/api/invitations/${offerId}/accept`)).status).toBe(200);
    expect((await staffApi.call('POST', `/api/staff/projects/${projectId}/mark-paid`)).status).toBe(200);
    const projectUrl = `/projects/${projectId}`;

    // the designer delivers in the browser
    const designer = await signIn({
      path: '/login-designer',
      email: 'designer3@demo.facet',
      landing: '/projects',
    });
    const d = designer.page;
    await d.goto(projectUrl);
    await d.getByRole('heading', { name: 'Deliver your files' }).waitFor();
    await d.getByLabel('Files to deliver').setInputFiles({
      name: 'halo.stl',
      mimeType: 'model/stl',
      buffer: Buffer.from('solid halo\nendsolid halo\n'),
    });
    await d.getByRole('button', { name: 'Deliver', exact: true }).click();
    await d.getByText('Project has been delivered!', { exact: true }).waitFor();
    await d.getByTestId('project-status').filter({ hasText: 'Review & Delivery' }).waitFor();

    // the customer asks for two changes; the designer declines them
    const customer = await signIn({
      path: '/login-user',
      email: 'customer@demo.facet',
      landing: '/dashboard',
    });
    const c = customer.page;
    const askForChanges = async () => {
      await c.goto(projectUrl);
      await c.getByRole('heading', { name: 'Review the delivery' }).waitFor();
      await c.getByLabel('Changes (one per line)').fill('Thicker bail\nSmaller halo stones');
      await c.getByRole('button', { name: 'Request changes' }).click();
      await c.getByRole('region', { name: 'Requested changes' }).waitFor();
    };
    await askForChanges();
    await d.reload();
    const changes = d.getByRole('region', { name: 'Requested changes' });
    await changes.getByText('Smaller halo stones').waitFor();
    await changes.getByRole('button', { name: 'Decline changes' }).click();
    await changes.waitFor({ state: 'hidden' });

    // asked again, the designer prices them; the customer approves only one, so the changes are refused
    await askForChanges();
    await d.reload();
    await changes.getByLabel('Price for the changes (USD)').fill('80');
    await changes.getByRole('button', { name: 'Price changes' }).click();
    await changes.getByText('Price for the changes: $80').waitFor();
    await c.reload();
    const answer = c.getByRole('region', { name: 'Requested changes' });
    await answer.getByRole('checkbox', { name: 'Smaller halo stones' }).uncheck();
    await answer.getByText('When not all changes are approved, the changes are refused.').waitFor();
    await screenshot(c, 'project-changes-answer-desktop');
    expect(await seriousA11yViolations(c)).toEqual([]);
    await answer.getByRole('button', { name: 'Approve changes' }).click();
    await answer.waitFor({ state: 'hidden' });

    // the delivery stands; the customer approves it
    await c.getByRole('button', { name: 'Approve delivery' }).click();
    await c.getByRole('heading', { name: 'Completed', exact: true }).waitFor();
    const refused = (await customerApi.call('GET', `/api/projects/${projectId}`)).json as {
      project: { completed: boolean; changeRequest: { status: string } };
    };
    expect(refused.project).toMatchObject({ completed: true, changeRequest: { status: 'refused' } });

    expect([...customer.errors, ...designer.errors]).toEqual([]);
    await Promise.all([customer.context.close(), designer.context.close()]);
  });

  test('projects list, browse designers and the dashboard at desktop and phone width', async ({ signIn }) => {
    const customer = await signIn({
      path: '/login-user',
      email: 'customer@demo.facet',
      landing: '/dashboard',
    });
    const c = customer.page;
    await c.getByRole('heading', { name: 'Recent projects' }).waitFor();
    await screenshot(c, 'dashboard-customer-desktop');
    await c.goto('/projects');
    await c.getByRole('list', { name: 'Projects' }).waitFor();
    await c.getByRole('button', { name: 'Invited', exact: true }).click();
    await c.waitForURL(/filter=invited/);
    await c.getByRole('button', { name: 'All', exact: true }).click();
    // a search with no match says so and offers the way back; a page past the end shows the last page
    await c.getByRole('searchbox', { name: 'Search projects' }).fill('no such piece anywhere');
    await c.getByRole('heading', { name: 'No projects match' }).waitFor();
    await c.waitForURL(/q=no\+such/);
    await c.getByRole('button', { name: 'Show all projects' }).click();
    await c.getByRole('list', { name: 'Projects' }).waitFor();
    expect(await c.getByRole('searchbox', { name: 'Search projects' }).inputValue()).toBe('');
    await c.goto('/projects?page=40');
    await c.getByRole('list', { name: 'Projects' }).waitFor();
    expect(new URL(c.url()).searchParams.get('page')).not.toBe('40');
    await screenshot(c, 'projects-desktop');
    expect(await seriousA11yViolations(c)).toEqual([]);
    await c.goto('/browse-designers');
    await c.getByRole('article').first().waitFor();
    expect(await c.getByRole('article').count()).toBeGreaterThan(1);
    await screenshot(c, 'browse-designers-desktop');
    expect(await seriousA11yViolations(c)).toEqual([]);
    await c.setViewportSize({ width: 375, height: 812 });
    await screenshot(c, 'browse-designers-phone');
    await c.goto('/projects');
    await c.getByRole('list', { name: 'Projects' }).waitFor();
    await screenshot(c, 'projects-phone');
    const overflow = await c.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);

    const designer = await signIn({
      path: '/login-designer',
      email: 'designer@demo.facet',
      landing: '/projects',
    });
    await designer.page.goto('/dashboard');
    await designer.page.getByRole('heading', { name: 'Your invitations' }).waitFor();
    await screenshot(designer.page, 'dashboard-designer-desktop');
    await designer.page.goto('/designer-dashboard/profile');
    await designer.page.getByRole('heading', { name: 'Ratings and reviews' }).waitFor();
    await screenshot(designer.page, 'own-profile-desktop');
    expect(await seriousA11yViolations(designer.page)).toEqual([]);

    expect([...customer.errors, ...designer.errors]).toEqual([]);
    await Promise.all([customer.context.close(), designer.context.close()]);
  });
});
