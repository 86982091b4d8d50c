import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, me, renderAt } from '../../../testing';
import type { DesignGeneration } from '../api/design-results';
import { DesignResultsPage } from './design-results-page';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const generation: DesignGeneration = {
  id: 'g1',
  createdAt: '2026-11-25T07:00:00.000Z',
  title: 'Wave ring',
  category: 'Jewelry',
  itemType: 'Ring',
  materialName: 'Sterling Silver',
  description: 'A slim band with a wave across the top',
  goal: 'gift',
  widthMm: 20,
  heightMm: null,
  thicknessMm: 2,
  results: [0, 1].map((position) => ({
    id: `00000000-0000-4000-8000-00000000000${position}`,
    position,
    imageUrl: `/api/design/images/f${position}`,
    downloadUrl: `/api/design/images/f${position}?download=1`,
    projectId: null,
  })),
};

function serve(generations: DesignGeneration[], imageGeneration = true) {
  return fakeApi(({ method, path }) => {
    if (method === 'GET' && path === '/api/me')
      return { status: 200, body: { user: me({ firstTimeLogin: false }) } };
    if (method === 'GET' && path === '/api/design/results')
      return {
        status: 200,
        body: { generations, capabilities: { imageGeneration, aiText: false, creditsPerGeneration: 10 } },
      };
    if (method === 'POST' && path.endsWith('/project'))
      return { status: 201, body: { project: { id: 'p1', title: 'Wave ring' }, created: true } };
    if (method === 'POST' && path.endsWith('/regenerate'))
      return { status: 201, body: { generation: { ...generation, id: 'g2' }, creditsUsed: 10 } };
    return undefined!;
  });
}

describe('the design results page', () => {
  test('shows each concept with Create project, Download and Regenerate (with its cost)', async () => {
    const api = serve([generation]);
    const u = userEvent.setup();
    renderAt('/design-results', <DesignResultsPage />);
    const section = await screen.findByRole('region', { name: 'Wave ring' });
    expect(within(section).getAllByRole('img')).toHaveLength(2);
    const download = within(section).getByRole('link', { name: 'Download concept 1 of Wave ring' });
    expect(download.getAttribute('href')).toBe('/api/design/images/f0?download=1');
    expect(within(section).getByRole('link', { name: 'Set exact measurements instead' })).toBeTruthy();

    await u.click(within(section).getByRole('button', { name: 'Regenerate (10 credits)' }));
    await waitFor(() => expect(api.requests.some((r) => r.path.endsWith('/regenerate'))).toBe(true));
    const regen = api.requests.find((r) => r.path.endsWith('/regenerate'));
    expect(regen?.headers?.['idempotency-key']).toMatch(/^design-/);

    await u.click(
      within(section).getByRole('button', { name: 'Create project from concept 2 of Wave ring' }),
    );
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Other page' })).toBeTruthy());
    expect(api.requests.find((r) => r.path.endsWith('/project'))?.path).toBe(
      '/api/design/results/00000000-0000-4000-8000-000000000001/project',
    );
  });

  test('no results yet: an empty state that says when image generation is not configured', async () => {
    serve([], false);
    renderAt('/design-results', <DesignResultsPage />);
    expect(await screen.findByRole('heading', { name: 'No design results yet' })).toBeTruthy();
    expect(screen.getByText(/Image generation is not configured\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start a design' })).toBeTruthy();
  });
});
