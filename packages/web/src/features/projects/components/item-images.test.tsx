import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ItemImage, ProjectDetail } from '../api/types';
import { itemImageProblem } from '../api/item-images';
import { claire, member, project } from '../testing/fixtures';
import { ProjectDetailsPanel } from './project-details-panel';
import { fakeApi, me, renderAt } from '../../../testing';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const image = (id: string, name: string, uploadedBy: string): ItemImage => ({
  id,
  name,
  url: `/api/projects/p1/attachments/${id}`,
  uploadedBy,
  createdAt: '2026-03-02T10:00:00.000Z',
});

function withImages(images: ItemImage[], o: Partial<ProjectDetail> = {}) {
  const base = project(o);
  return { ...base, items: base.items.map((item) => ({ ...item, images })) };
}

function show(detail: ProjectDetail, user = me({ firstTimeLogin: false }), canEdit = false) {
  const api = fakeApi(({ method, path }) => {
    if (path === '/api/me') return { status: 200, body: { user } };
    if (method === 'DELETE' && path === '/api/project-items/i1/images/img1')
      return {
        status: 200,
        body: { item: { ...detail.items[0], images: detail.items[0]!.images.slice(1) } },
      };
    return undefined!;
  });
  renderAt('/projects/p1', <ProjectDetailsPanel project={detail} canEdit={canEdit} />, '/projects/:id');
  return api;
}

describe('item images in the project details panel', () => {
  test('the customer sees every image, adds and removes any of them after confirming', async () => {
    const api = show(
      withImages([image('img1', 'sketch.png', 'u1'), image('img2', 'render.webp', 'd1')]),
      undefined,
      true,
    );
    const region = await screen.findByRole('region', { name: 'Images' });
    expect(within(region).getByRole('button', { name: 'Add image' })).toBeTruthy();
    expect(within(region).getAllByRole('button', { name: /^Remove image / })).toHaveLength(2);

    const u = userEvent.setup();
    await u.click(within(region).getByRole('button', { name: 'View Large: render.webp' }));
    const large = await screen.findByRole('dialog', { name: 'render.webp' });
    expect(within(large).getByRole('img', { name: 'render.webp' }).getAttribute('src')).toBe(
      '/api/projects/p1/attachments/img2',
    );
    await u.keyboard('{Escape}');

    await u.click(within(region).getByRole('button', { name: 'Remove image sketch.png' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this image?' });
    await u.click(within(confirm).getByRole('button', { name: 'Remove image' }));
    await vi.waitFor(() =>
      expect(
        api.requests.some((r) => r.method === 'DELETE' && r.path === '/api/project-items/i1/images/img1'),
      ).toBe(true),
    );
  });

  test('the chosen pro may remove only the images they added; an invited pro only looks', async () => {
    const images = [image('img1', 'sketch.png', 'u1'), image('img2', 'render.webp', 'd1')];
    const chosen = withImages(images, {
      viewerRole: 'pro',
      pro: claire,
      team: { creator: member(claire, 'Creator'), pro: member(claire, 'CAD Designer'), productionTeam: [] },
    });
    show(chosen, me({ id: 'd1', role: 'designer', firstTimeLogin: false }));
    const region = await screen.findByRole('region', { name: 'Images' });
    // the signed-in account arrives from /api/me
    await within(region).findByRole('button', { name: 'Add image' });
    expect(
      within(region)
        .getAllByRole('button', { name: /^Remove image / })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Remove image render.webp']);
    cleanup();

    const api2 = show(
      withImages(images, { viewerRole: 'pro' }),
      me({ id: 'd2', role: 'designer', firstTimeLogin: false }),
    );
    const looking = await screen.findByRole('region', { name: 'Images' });
    // before and after the account arrives: no pro of the project, no adding
    expect(within(looking).queryByRole('button', { name: 'Add image' })).toBeNull();
    await vi.waitFor(() => expect(api2.requests.some((r) => r.path === '/api/auth/session')).toBe(true));
    expect(within(looking).queryByRole('button', { name: 'Add image' })).toBeNull();
    expect(within(looking).queryAllByRole('button', { name: /^Remove image / })).toHaveLength(0);
    expect(within(looking).getAllByRole('button', { name: /^View Large: / })).toHaveLength(2);
  });

  test('the browser refuses other types and images over 10 MB before sending', () => {
    expect(itemImageProblem(new File(['x'], 'ring.gif'))).toBe('Sorry, this file format is not supported!');
    expect(itemImageProblem(new File(['x'], 'noextension'))).toBe(
      'Sorry, this file format is not supported!',
    );
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.JPG');
    expect(itemImageProblem(big)).toBe('Sorry, your image is too large. Maximum image size is 10mb.');
    expect(itemImageProblem(new File(['x'], 'ok.jpeg'))).toBeNull();
  });
});
