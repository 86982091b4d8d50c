import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectDetail } from '../api/types';
import { claire, customer, marco, member, offer, project } from '../testing/fixtures';
import { ProjectPage } from './project-page';
import { fakeApi, me, renderAt } from '../../../testing';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve(detail: ProjectDetail, user = me({ firstTimeLogin: false })) {
  let current = detail;
  const api = fakeApi(({ method, path }) => {
    if (path === '/api/me') return { status: 200, body: { user } };
    if (method === 'GET' && path === '/api/projects/p1') return { status: 200, body: { project: current } };
    if (method === 'GET' && path === '/api/designers')
      return { status: 200, body: { designers: [], total: 0, skills: [] } };
    if (method === 'POST' && path === '/api/invitations/o2/accept') {
      current = {
        ...current,
        activeStatus: { id: 'design-payment', name: 'Make Payment', position: 2 },
        phase: 'in-progress',
        canInvite: false,
        pro: claire,
        totalPriceCents: 120_000,
        leadTimeDays: 10,
        team: { ...current.team, pro: member(claire, 'CAD Designer', '/profile/designer/d1') },
        offers: current.offers.map((o) => ({ ...o, status: o.id === 'o2' ? 'accepted' : 'refused' })),
        allowedActions: [],
      };
      return { status: 200, body: { offer: current.offers[0], project: current } };
    }
    return undefined!;
  });
  return api;
}

describe('project page, customer', () => {
  test('offers: pending first shows No answer; accepting asks first, then shows Make Payment and the designer', async () => {
    const api = serve(
      project({
        offers: [
          offer('o1', marco),
          offer('o2', claire, { status: 'quoted', priceCents: 120_000, leadTimeDays: 10 }),
        ],
        offerCount: 2,
        quotedCount: 1,
      }),
    );
    const u = userEvent.setup();
    renderAt('/projects/p1', <ProjectPage />, '/projects/:id');
    await screen.findByRole('heading', { level: 1, name: 'Wedding band' });
    expect(screen.getByTestId('project-status').textContent).toBe('Invite Designers');
    const offers = await screen.findAllByRole('article', { name: /^Offer from/ });
    expect(offers.map((o) => o.getAttribute('aria-label'))).toEqual([
      'Offer from Claire D.',
      'Offer from Marco R.',
    ]);
    expect(within(offers[1]!).getByTestId('offer-price').textContent).toBe('No answer');

    await u.click(within(offers[0]!).getByRole('button', { name: 'Accept offer from Claire D.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept this offer?' });
    expect(dialog.textContent).toContain('$1,200');
    await u.click(within(dialog).getByRole('button', { name: 'Accept offer' }));
    await vi.waitFor(() =>
      expect(api.requests.some((r) => r.method === 'POST' && r.path === '/api/invitations/o2/accept')).toBe(
        true,
      ),
    );
    await vi.waitFor(() => expect(screen.getByTestId('project-status').textContent).toBe('Make Payment'));
    expect(screen.getByRole('heading', { name: 'Make Payment' })).toBeTruthy();
    expect(screen.getByText('REFUSED')).toBeTruthy();
    expect(screen.getByText('ACCEPTED')).toBeTruthy();
    const team = screen.getByRole('region', { name: 'Project Team' });
    expect(within(team).getByRole('link', { name: 'Claire Dubois' }).getAttribute('href')).toBe(
      '/profile/designer/d1',
    );
    expect(within(team).queryByRole('button', { name: /Invite Designer/ })).toBeNull();
  });

  test("the Offers tab reads 'Invite a designer to view offers.' with no invitations, and the customer may edit", async () => {
    serve(
      project({
        sentInvite: false,
        activeStatus: { id: 'design-not-started', name: 'Not Started', position: -1 },
        phase: 'not-started',
      }),
    );
    const u = userEvent.setup();
    renderAt('/projects/p1', <ProjectPage />, '/projects/:id');
    await screen.findByRole('heading', { level: 1, name: 'Wedding band' });
    await u.click(screen.getByRole('tab', { name: 'Offers' }));
    expect(await screen.findByText('Invite a designer to view offers.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Invite Designer/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit description' })).toBeTruthy();
    expect(screen.getByText('18 mm')).toBeTruthy();
    expect(screen.getByText('No attachments yet!')).toBeTruthy();
  });

  test("a service project's empty offers read 'Invite service providers to get started.'", async () => {
    serve(project({ service: true }));
    const u = userEvent.setup();
    renderAt('/projects/p1', <ProjectPage />, '/projects/:id');
    await screen.findByRole('heading', { level: 1, name: 'Wedding band' });
    expect(screen.getByRole('tab', { name: 'Service Providers' })).toBeTruthy();
    await u.click(screen.getByRole('tab', { name: 'Offers' }));
    expect(await screen.findByText('Invite service providers to get started.')).toBeTruthy();
  });
});

describe('project page, invited designer', () => {
  test('sees their invitation, sends an offer in dollars and days, and cannot edit the brief', async () => {
    const mine = offer('o1', claire);
    const api = fakeApi(({ method, path }) => {
      if (path === '/api/me')
        return { status: 200, body: { user: me({ role: 'designer', firstTimeLogin: false }) } };
      if (method === 'GET' && path === '/api/projects/p1')
        return {
          status: 200,
          body: {
            project: project({
              viewerRole: 'pro',
              canInvite: false,
              myInvitation: mine,
              offers: [mine],
              allowedActions: ['quote', 'refuse-invitation'],
              team: { creator: member(customer, 'Creator'), pro: null, productionTeam: [] },
            }),
          },
        };
      if (method === 'POST' && path === '/api/invitations/o1/offer')
        return {
          status: 200,
          body: { offer: { ...mine, status: 'quoted', priceCents: 125_050, leadTimeDays: 14 } },
        };
      return undefined!;
    });
    const u = userEvent.setup();
    renderAt('/projects/p1', <ProjectPage />, '/projects/:id');
    expect(await screen.findByRole('heading', { name: 'You are invited to this project' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit description' })).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
    await u.type(screen.getByLabelText('Total price (USD)'), '1,250.50');
    await u.type(screen.getByLabelText('Lead time (days)'), '14');
    await u.click(screen.getByRole('button', { name: 'Send offer' }));
    await vi.waitFor(() =>
      expect(api.requests.find((r) => r.path === '/api/invitations/o1/offer')?.body).toEqual({
        priceCents: 125_050,
        leadTimeDays: 14,
      }),
    );
  });
});

describe('project page, a project that is not theirs', () => {
  const notFound = { status: 404, body: { error: { code: 'not_found', message: 'Project was not found.' } } };

  test('a designer is sent to /projects', async () => {
    fakeApi(({ path }) => {
      if (path === '/api/me')
        return { status: 200, body: { user: me({ role: 'designer', firstTimeLogin: false }) } };
      if (path === '/api/projects/p1') return notFound;
      return undefined!;
    });
    const { router } = renderAt('/projects/p1', <ProjectPage />, '/projects/:id');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
  });

  test('a customer is told the project was not found', async () => {
    fakeApi(({ path }) => {
      if (path === '/api/me') return { status: 200, body: { user: me({ firstTimeLogin: false }) } };
      if (path === '/api/projects/p1') return notFound;
      return undefined!;
    });
    const { router } = renderAt('/projects/p1', <ProjectPage />, '/projects/:id');
    expect(await screen.findByRole('heading', { name: 'Project was not found' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/projects/p1');
  });
});
