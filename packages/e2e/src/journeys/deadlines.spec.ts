import { customer, describe, expect, test } from '../fixtures/test';
import { apiSession } from '../fixtures/api';
import { screenshot, seriousA11yViolations } from '../fixtures/browser';

const REASON = 'The customer’s stone arrives a week later than planned.';
/** Live means without a reload, within a few seconds (the server pushes within one). */
const LIVE = { timeout: 5000 };

type Me = { user: { id: string } };

/** A paid project of customer@ with designer@ chosen (6 days), and designer@ asking for 9 days. */
async function paidProjectWithLeadTimeRequest() {
  const owner = await apiSession('customer@demo.facet', 'customer');
  const designer = await apiSession('designer@demo.facet', 'designer');
  const staff = await apiSession('staff@demo.facet', 'staff');
  const pro = ((await designer.call('GET', '/api/me')).json as Me).user;
  const created = await owner.call('POST', '/api/projects', {
    title: `Pearl drop earrings ${Date.now().toString(36)}`,
    description: 'A pair of South Sea pearl drops on a diamond-set bail.',
    items: [{ title: 'Pearl drop earring', itemType: 'Earring', description: '11 mm pearls.' }],
  });
  expect(created.status).toBe(201);
  const projectId = (created.json as { project: { id: string } }).project.id;
  const invited = await owner.call('POST', `/api/projects/${projectId}/invitations`, { proId: pro.id });
  const offerId = (invited.json as { offer: { id: string } }).offer.id;
  expect(
    (
      await designer.call('POST', `/api/invitations/${offerId}/offer`, {
        priceCents: 52_000,
        leadTimeDays: 6,
      })
    ).status,
  ).toBe(200);
  expect((await owner.call('POST', `/api/invitations/${offerId}/accept`)).status).toBe(200);
  expect((await staff.call('POST', `/api/staff/projects/${projectId}/mark-paid`)).status).toBe(200);
  const asked = await designer.call('PUT', `/api/projects/${projectId}/lead-time`, {
    leadTimeDays: 9,
    reason: REASON,
  });
  expect(asked.status).toBe(200);
  return { projectId };
}

describe('deadlines and lead time changes', () => {
  test('the customer sees the due date and lateness and agrees to the designer’s new lead time; staff see late projects first', async ({
    signIn,
  }) => {
    const { projectId } = await paidProjectWithLeadTimeRequest();
    const { page, errors } = await signIn({ ...customer, viewport: 'desktop' });
    await page.goto(`/projects/${projectId}`);
    const deadline = page.getByTestId('project-deadline').first();
    await deadline.waitFor();
    expect(await page.getByTestId('project-lateness').first().textContent()).toBe('On Track');
    const request = page.getByRole('region', { name: 'New lead time asked' });
    await request.getByText(REASON).waitFor();
    expect(await request.textContent()).toContain('from 6 days to 9 days');
    await screenshot(page, 'deadlines-customer-lead-time-request');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // the designer has the project open on a phone: their request waits for the customer
    const pro = await signIn({
      path: '/login-designer',
      email: 'designer@demo.facet',
      landing: '/projects',
      viewport: 'phone',
    });
    await pro.page.goto(`/projects/${projectId}`);
    await pro.page.getByText('Waiting for the customer’s answer.').waitFor();

    // agreeing with the keyboard: the lead time and the due date move
    const before = await deadline.textContent();
    await request.getByRole('button', { name: 'Agree to 9 days' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(/ · 9 days$/).waitFor(LIVE);
    await page.waitForFunction(
      (previous) => document.querySelector('[data-testid="project-deadline"]')?.textContent !== previous,
      before,
      { timeout: 5000 },
    );
    expect(await page.getByRole('region', { name: 'New lead time asked' }).count()).toBe(0);
    expect(errors).toEqual([]);
    // the designer's page follows without a reload: the agreed lead time, and the way to ask again
    await pro.page.getByText(/The agreed lead time is 9 days/).waitFor(LIVE);
    await pro.page.getByRole('button', { name: 'Change lead time' }).click();
    await pro.page.getByLabel(/New lead time \(days\)/).waitFor();
    await screenshot(pro.page, 'deadlines-designer-after-agreement-phone');
    expect(pro.errors).toEqual([]);

    // the production team's list: the demo project running late comes first, in the warning colour
    const staff = await signIn({
      path: '/login-staff',
      email: 'staff@demo.facet',
      landing: '/ops/people',
      viewport: 'phone',
    });
    await staff.page.goto('/projects');
    const first = staff.page
      .getByRole('listitem')
      .filter({ has: staff.page.getByTestId('project-status') })
      .first();
    await first.getByText('Sapphire halo pendant').waitFor();
    const late = first.getByTestId('project-lateness');
    expect(await late.textContent()).toMatch(/day\(s\) Late$/);
    expect(await late.getAttribute('class')).toContain('lateness-badge--late');
    await screenshot(staff.page, 'deadlines-staff-late-first-phone');
    expect(await seriousA11yViolations(staff.page)).toEqual([]);
  });
});
