import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChangeRequest, ProjectDetail } from '../api/types';
import { claire, customer, member, project } from '../testing/fixtures';
import { WorkflowPanel } from './workflow-panel';
import { fakeApi, me, renderAt } from '../../../testing';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const change = (o: Partial<ChangeRequest> = {}): ChangeRequest => ({
  id: 'c1',
  status: 'requested',
  changes: ['Thicker band', 'Deeper engraving'],
  priceCents: null,
  requestedAt: '2026-03-05T10:00:00.000Z',
  quotedAt: null,
  answeredAt: null,
  ...o,
});

/** A delivered project under review with an open change request, as the given viewer sees it. */
function inReview(o: Partial<ProjectDetail>): ProjectDetail {
  return project({
    activeStatus: { id: 'design-review', name: 'Review & Delivery', position: 4 },
    activeStatusId: 'design-review',
    phase: 'in-progress',
    pro: claire,
    totalPriceCents: 120_000,
    leadTimeDays: 10,
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
    if (method === 'POST' && path.startsWith('/api/change-requests/c1/'))
      return { status: 200, body: { changeRequest: change({ status: 'refused' }) } };
    return undefined!;
  });
}

describe('change requests after delivery', () => {
  test('the chosen pro can price the changes or decline them', async () => {
    const api = serve(me({ id: 'd1', role: 'designer', firstTimeLogin: false }));
    const u = userEvent.setup();
    renderAt(
      '/projects/p1',
      <WorkflowPanel
        project={inReview({
          viewerRole: 'pro',
          changeRequest: change(),
          allowedActions: ['quote-changes', 'reject-changes'],
        })}
      />,
      '/projects/:id',
    );
    const block = await screen.findByRole('region', { name: 'Requested changes' });
    expect(within(block).getByText('Thicker band')).toBeTruthy();
    await u.click(within(block).getByRole('button', { name: 'Decline changes' }));
    await vi.waitFor(() =>
      expect(
        api.requests.some((r) => r.method === 'POST' && r.path === '/api/change-requests/c1/reject'),
      ).toBe(true),
    );
    // the customer's answers are not the pro's to give
    expect(within(block).queryByRole('button', { name: 'Approve changes' })).toBeNull();
  });

  test('the customer answers each priced change; leaving one out refuses the changes', async () => {
    const api = serve();
    const u = userEvent.setup();
    renderAt(
      '/projects/p1',
      <WorkflowPanel
        project={inReview({
          changeRequest: change({ status: 'quoted', priceCents: 9_000 }),
          allowedActions: ['edit', 'approve-changes', 'decline-changes'],
        })}
      />,
      '/projects/:id',
    );
    const block = await screen.findByRole('region', { name: 'Requested changes' });
    expect(within(block).getByText('Price for the changes: $90')).toBeTruthy();
    expect(within(block).queryByLabelText('Price for the changes (USD)')).toBeNull();
    const second = within(block).getByRole('checkbox', { name: 'Deeper engraving' });
    expect((second as HTMLInputElement).checked).toBe(true);
    await u.click(second);
    expect(
      within(block).getByText('When not all changes are approved, the changes are refused.'),
    ).toBeTruthy();
    await u.click(within(block).getByRole('button', { name: 'Approve changes' }));
    await vi.waitFor(() =>
      expect(api.requests.find((r) => r.path === '/api/change-requests/c1/approve')?.body).toEqual({
        approvals: [true, false],
      }),
    );
  });
});

describe('delivery', () => {
  test.each([
    [false, 'Project has been delivered!'],
    [true, 'Files have been delivered!'],
  ])('service %s: the chosen pro delivers and reads Success! with %s', async (service, text) => {
    const api = fakeApi(({ method, path }) => {
      if (path === '/api/me')
        return { status: 200, body: { user: me({ id: 'd1', role: 'designer', firstTimeLogin: false }) } };
      if (method === 'POST' && path === '/api/projects/p1/deliveries')
        return { status: 201, body: { project: inReview({ viewerRole: 'pro' }) } };
      return undefined!;
    });
    const u = userEvent.setup();
    renderAt(
      '/projects/p1',
      <WorkflowPanel
        project={inReview({
          service,
          viewerRole: 'pro',
          activeStatus: { id: 'design-in-progress', name: 'In Design', position: 3 },
          allowedActions: ['deliver'],
        })}
      />,
      '/projects/:id',
    );
    await u.upload(
      await screen.findByLabelText('Files to deliver'),
      new File(['solid ring'], 'ring.stl', { type: 'model/stl' }),
    );
    await u.click(screen.getByRole('button', { name: 'Deliver' }));
    expect(await screen.findByText('Success!')).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'POST' && r.path === '/api/projects/p1/deliveries')).toBe(
      true,
    );
  });
});
