import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import type { ProjectSummary } from '../../projects/api/types';
import { claire, project } from '../../projects/testing/fixtures';
import { RecentProjects } from './recent-projects';
import { fakeApi, fakeSocket, me, renderAt } from '../../../testing';

vi.setConfig({ testTimeout: 20_000 });

vi.mock('../../../lib/socket', async () => (await import('../../../testing/fake-socket')).socketModule);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fakeSocket.reset();
});

const paid = (o: Partial<ProjectSummary> = {}): ProjectSummary => {
  const {
    items: _items,
    attachments: _a,
    team: _t,
    offers: _o,
    changeRequest: _c,
    leadTimeChange: _l,
    rating: _r,
    canInvite: _ci,
    viewerRole: _v,
    allowedActions: _aa,
    ...summary
  } = project({
    activeStatus: { id: 'design-payment', name: 'Make Payment', position: 2 },
    activeStatusId: 'design-payment',
    phase: 'in-progress',
    pro: claire,
    totalPriceCents: 120_000,
    leadTimeDays: 10,
  });
  return { ...summary, ...o };
};

describe("the customer's recent projects widget", () => {
  test('a status move told over the socket shows without a reload, with the due date and lateness', async () => {
    const state = { project: paid() };
    fakeApi(({ method, path }) => {
      if (path === '/api/me') return { status: 200, body: { user: me({ firstTimeLogin: false }) } };
      if (method === 'GET' && path === '/api/projects')
        return { status: 200, body: { projects: [state.project], total: 1, page: 1, pageSize: 5 } };
      return undefined!;
    });
    renderAt('/dashboard', <RecentProjects />);
    expect((await screen.findByTestId('project-status')).textContent).toBe('Make Payment');
    expect(screen.queryByTestId('project-lateness')).toBeNull();

    state.project = paid({
      activeStatus: { id: 'design-in-design', name: 'In Design', position: 3 },
      activeStatusId: 'design-in-design',
      dueAt: '2026-03-16T10:00:00.000Z',
      lateness: '1 day(s) Late',
    });
    act(() => fakeSocket.fire('projectUpdated', { projectId: 'p1', kind: 'status', offerId: null }));
    await vi.waitFor(() => expect(screen.getByTestId('project-status').textContent).toBe('In Design'));
    const lateness = screen.getByTestId('project-lateness');
    expect(lateness.textContent).toBe('1 day(s) Late');
    expect(lateness.className).toContain('lateness-badge--late');
    expect(screen.getByText('With Claire D.')).toBeTruthy();
  });
});
