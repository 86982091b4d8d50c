import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectDetail } from '../api/types';
import { claire, customer, member, project } from '../testing/fixtures';
import { WorkflowPanel } from './workflow-panel';
import { fakeApi, me, renderAt } from '../../../testing';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REASON = 'The stone arrives a week late.';
const asked = {
  id: 'l1',
  status: 'requested' as const,
  previousDays: 10,
  leadTimeDays: 15,
  reason: REASON,
  requestedAt: '2026-03-05T10:00:00.000Z',
  answeredAt: null,
};

/** A paid project in design with Claire as its pro, as the given viewer sees it. */
function inDesign(o: Partial<ProjectDetail>): ProjectDetail {
  return project({
    activeStatus: { id: 'design-in-design', name: 'In Design', position: 3 },
    activeStatusId: 'design-in-design',
    phase: 'in-progress',
    pro: claire,
    totalPriceCents: 120_000,
    leadTimeDays: 10,
    dueAt: '2026-03-16T10:00:00.000Z',
    lateness: 'On Track',
    canInvite: false,
    team: {
      creator: member(customer, 'Creator'),
      pro: member(claire, 'CAD Designer', '/profile/designer/d1'),
      productionTeam: [],
    },
    ...o,
  });
}

function serve(user = me({ firstTimeLogin: false })) {
  return fakeApi(({ method, path }) => {
    if (path === '/api/me') return { status: 200, body: { user } };
    if (method === 'PUT' && path === '/api/projects/p1/lead-time')
      return { status: 200, body: { leadTimeChange: asked, project: inDesign({ leadTimeChange: asked }) } };
    if (method === 'POST' && path === '/api/projects/p1/lead-time/answer')
      return {
        status: 200,
        body: { leadTimeChange: { ...asked, status: 'accepted' }, project: inDesign({}) },
      };
    return undefined!;
  });
}

describe('lead time change', () => {
  test('the chosen pro asks with days and a reason; bad days or no reason are caught first', async () => {
    const api = serve(me({ id: 'd1', role: 'designer', firstTimeLogin: false }));
    const u = userEvent.setup();
    renderAt(
      '/projects/p1',
      <WorkflowPanel
        project={inDesign({ viewerRole: 'pro', allowedActions: ['deliver', 'request-lead-time'] })}
      />,
      '/projects/:id',
    );
    const block = await screen.findByRole('region', { name: 'Lead time' });
    expect(block.textContent).toContain('The agreed lead time is 10 days');
    await u.click(within(block).getByRole('button', { name: 'Change lead time' }));
    const days = within(block).getByLabelText(/New lead time \(days\)/);
    await u.type(days, '0');
    await u.click(within(block).getByRole('button', { name: 'Ask for the new lead time' }));
    expect(within(block).getByText('Enter whole days from 1 to 365.')).toBeTruthy();
    expect(within(block).getByText('Say why the lead time changes.')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);

    await u.clear(days);
    await u.type(days, '15');
    await u.type(within(block).getByLabelText(/Reason/), REASON);
    await u.click(within(block).getByRole('button', { name: 'Ask for the new lead time' }));
    await vi.waitFor(() =>
      expect(api.requests.find((r) => r.method === 'PUT')).toMatchObject({
        path: '/api/projects/p1/lead-time',
        body: { leadTimeDays: 15, reason: REASON },
      }),
    );
  });

  test('the customer reads the request and agrees', async () => {
    const api = serve();
    const u = userEvent.setup();
    renderAt(
      '/projects/p1',
      <WorkflowPanel
        project={inDesign({ leadTimeChange: asked, allowedActions: ['edit', 'answer-lead-time'] })}
      />,
      '/projects/:id',
    );
    const block = await screen.findByRole('region', { name: 'New lead time asked' });
    expect(block.textContent).toContain('Claire D. asks to change the lead time from 10 days to 15 days.');
    expect(within(block).getByText(REASON)).toBeTruthy();
    await u.click(within(block).getByRole('button', { name: 'Agree to 15 days' }));
    await vi.waitFor(() =>
      expect(api.requests.find((r) => r.method === 'POST')).toMatchObject({
        path: '/api/projects/p1/lead-time/answer',
        body: { decision: 'accept' },
      }),
    );
    expect(within(block).getByRole('button', { name: 'Decline' })).toBeTruthy();
  });

  test('the pro who asked waits; staff read it without answering', async () => {
    serve(me({ id: 'd1', role: 'designer', firstTimeLogin: false }));
    renderAt(
      '/projects/p1',
      <WorkflowPanel
        project={inDesign({ viewerRole: 'pro', leadTimeChange: asked, allowedActions: ['deliver'] })}
      />,
      '/projects/:id',
    );
    const block = await screen.findByRole('region', { name: 'New lead time asked' });
    expect(block.textContent).toContain('You asked to change the lead time from 10 days to 15 days.');
    expect(within(block).getByRole('status').textContent).toBe('Waiting for the customer’s answer.');
    expect(within(block).queryByRole('button', { name: /Agree/ })).toBeNull();
  });
});
