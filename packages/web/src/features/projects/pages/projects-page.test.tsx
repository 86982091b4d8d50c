import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { project } from '../testing/fixtures';
import { ProjectsPage } from './projects-page';
import { fakeApi, sentUrls, me, renderAt } from '../../../testing';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const projectUrls = () => sentUrls().filter((url) => url.startsWith('/api/projects?'));

describe('projects list', () => {
  test('a page past the end goes to the last page instead of saying there are no projects', async () => {
    const three = Array.from({ length: 3 }, (_, i) => project({ id: `p${i}`, title: `Piece ${i + 1}` }));
    let asked = 0;
    fakeApi(({ method, path }) => {
      if (path === '/api/me') return { status: 200, body: { user: me({ firstTimeLogin: false }) } };
      if (method === 'GET' && path === '/api/projects') {
        // the first ask is for page 4 (empty), then page 1
        asked += 1;
        const body = asked === 1 ? { projects: [], page: 4 } : { projects: three, page: 1 };
        return { status: 200, body: { ...body, total: 3, pageSize: 12 } };
      }
      return undefined!;
    });
    const { router } = renderAt('/projects?page=4', <ProjectsPage />, '/projects');
    await screen.findByRole('link', { name: 'Piece 1' });
    expect(router.state.location.search).toBe('');
    expect(screen.queryByText('No projects yet')).toBeNull();
    expect(projectUrls()).toEqual([
      '/api/projects?filter=all&page=4&pageSize=12',
      '/api/projects?filter=all&page=1&pageSize=12',
    ]);
  });

  test('a list the server stopped counting says there are more pages than it counted', async () => {
    const many = Array.from({ length: 12 }, (_, i) => project({ id: `p${i}`, title: `Piece ${i + 1}` }));
    fakeApi(({ method, path }) => {
      if (path === '/api/me') return { status: 200, body: { user: me({ firstTimeLogin: false }) } };
      if (method === 'GET' && path === '/api/projects')
        return {
          status: 200,
          body: { projects: many, total: 1000, totalExact: false, page: 1, pageSize: 12 },
        };
      return undefined!;
    });
    renderAt('/projects', <ProjectsPage />);
    await screen.findByRole('link', { name: 'Piece 1' });
    expect(screen.getByText('Page 1 of more than 84')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false);
  });

  test('filters as chips, pagination, and a brief becomes POST /api/projects', async () => {
    const many = Array.from({ length: 12 }, (_, i) => project({ id: `p${i}`, title: `Piece ${i + 1}` }));
    const api = fakeApi(({ method, path, body }) => {
      if (path === '/api/me') return { status: 200, body: { user: me({ firstTimeLogin: false }) } };
      if (method === 'GET' && path === '/api/projects')
        return { status: 200, body: { projects: many, total: 30, page: 1, pageSize: 12 } };
      if (method === 'POST' && path === '/api/projects')
        return {
          status: 201,
          body: { project: project({ id: 'new1', title: (body as { title: string }).title }) },
        };
      return undefined!;
    });
    const u = userEvent.setup();
    const { router } = renderAt('/projects', <ProjectsPage />);
    await screen.findByRole('link', { name: 'Piece 1' });
    expect(projectUrls()[0]).toBe('/api/projects?filter=all&page=1&pageSize=12');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();

    await u.click(screen.getByRole('button', { name: 'Invited' }));
    expect(screen.getByRole('button', { name: 'Invited' }).getAttribute('aria-pressed')).toBe('true');
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() =>
      expect(projectUrls().at(-1)).toBe('/api/projects?filter=invited&page=2&pageSize=12'),
    );
    expect(router.state.location.search).toBe('?filter=invited&page=2');

    await u.click(screen.getByRole('button', { name: 'New project' }));
    const dialog = await screen.findByRole('dialog', { name: 'New project' });
    await u.click(within(dialog).getByRole('button', { name: 'Create project' }));
    expect(await within(dialog).findByText('Title is required')).toBeTruthy();
    await u.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Signet ring');
    await u.selectOptions(within(dialog).getByRole('combobox', { name: 'Item type' }), 'Ring');
    await u.type(within(dialog).getByRole('textbox', { name: 'width value' }), '18');
    await u.selectOptions(within(dialog).getByRole('combobox', { name: 'width unit' }), 'in');
    await u.type(within(dialog).getByRole('textbox', { name: 'Tags' }), 'signet, gold');
    await u.click(within(dialog).getByRole('button', { name: 'Create project' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/projects/new1'));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      title: 'Signet ring',
      description: '',
      projectType: 'single-item',
      service: false,
      items: [
        {
          title: 'Signet ring',
          category: 'Jewelry',
          itemType: 'Ring',
          description: '',
          dimensions: [{ width: '18 in' }],
          tags: ['signet', 'gold'],
        },
      ],
    });
  });

  test('coming from /produce with a model opens the dialog and sends the model id', async () => {
    const api = fakeApi(({ method, path }) => {
      if (path === '/api/me') return { status: 200, body: { user: me({ firstTimeLogin: false }) } };
      if (method === 'GET' && path === '/api/projects')
        return { status: 200, body: { projects: [], total: 0, page: 1, pageSize: 12 } };
      if (method === 'POST' && path === '/api/projects')
        return { status: 201, body: { project: project({ id: 'm1' }) } };
      return undefined!;
    });
    const u = userEvent.setup();
    renderAt('/projects?model=model-7', <ProjectsPage />, '/projects');
    const dialog = await screen.findByRole('dialog', { name: 'New project' });
    expect(within(dialog).getByText(/Your uploaded model becomes the first item/)).toBeTruthy();
    await u.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'From my model');
    await u.click(within(dialog).getByRole('button', { name: 'Create project' }));
    await vi.waitFor(() => expect(api.requests.some((r) => r.method === 'POST')).toBe(true));
    const body = api.requests.find((r) => r.method === 'POST')?.body as {
      modelId: string;
      items: { modelId: string }[];
    };
    expect(body.modelId).toBe('model-7');
    expect(body.items[0]?.modelId).toBe('model-7');
  });
});
