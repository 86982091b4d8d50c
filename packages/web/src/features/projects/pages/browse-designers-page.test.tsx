import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { project } from '../testing/fixtures';
import type { DesignerCard } from '../../designers/api/types';
import { BrowseDesignersPage } from './browse-designers-page';
import { fakeApi, sentUrls, me, renderAt } from '../../../testing';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const designer = (id: string, firstName: string, lastName: string): DesignerCard => ({
  id,
  role: 'designer',
  firstName,
  lastName,
  name: `${firstName} ${lastName.charAt(0)}.`,
  label: 'CAD Designer',
  avatarUrl: null,
  rating: null,
  ratingText: 'Not yet rated',
  ratingCount: 0,
  completedCount: 0,
  tags: ['rings'],
  serviceTypes: [],
  responseRate: null,
  responseRateText: '-',
  responseTime: 'No data yet',
  invited: false,
  invitationStatus: null,
  activeProjects: 0,
  availability: 'Available now',
});

describe('browse designers', () => {
  test('search and skill go to the API; inviting picks a project and ends Invited', async () => {
    const api = fakeApi(({ method, path }) => {
      if (path === '/api/me') return { status: 200, body: { user: me({ firstTimeLogin: false }) } };
      if (method === 'GET' && path === '/api/designers')
        return {
          status: 200,
          body: {
            designers: [designer('d1', 'Claire', 'Dubois'), designer('d2', 'Marco', 'Rossi')],
            total: 2,
            skills: ['rings', 'pendants'],
          },
        };
      if (method === 'GET' && path === '/api/projects')
        return { status: 200, body: { projects: [project()], total: 1, page: 1, pageSize: 50 } };
      if (method === 'POST' && path === '/api/projects/p1/invitations')
        return { status: 201, body: { offer: {}, project: project() } };
      return undefined!;
    });
    const u = userEvent.setup();
    renderAt('/browse-designers', <BrowseDesignersPage />);
    await screen.findByRole('article', { name: 'Claire D.' });

    await u.type(screen.getByRole('searchbox', { name: 'Search designers' }), 'claire');
    await u.selectOptions(screen.getByRole('combobox', { name: 'Filter by skill' }), 'rings');
    await vi.waitFor(() => {
      const urls = sentUrls();
      expect(urls.filter((url) => url.startsWith('/api/designers')).at(-1)).toBe(
        '/api/designers?role=designer&q=claire&skill=rings&pageSize=48',
      );
    });

    const card = screen.getByRole('article', { name: 'Claire D.' });
    await u.click(within(card).getByRole('button', { name: 'Invite To Project: Claire D.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Claire D.' });
    await within(dialog).findByRole('combobox', { name: 'Project' });
    await u.click(within(dialog).getByRole('button', { name: 'Invite To Project' }));
    await within(card).findByRole('button', { name: 'Invited Claire D.' });
    expect(api.requests.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/projects/p1/invitations',
      body: { proId: 'd1' },
    });
  });
});
