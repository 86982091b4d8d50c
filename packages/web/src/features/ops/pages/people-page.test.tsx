import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, me, renderAt } from '../../../testing';
import type { StaffPerson } from '../api/people';
import { OpsPeoplePage } from './people-page';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const person = (overrides: Partial<StaffPerson> = {}): StaffPerson => ({
  id: 'p1',
  role: 'designer',
  status: 'pending',
  isInactive: false,
  email: 'nadia@example.com',
  firstName: 'Nadia',
  lastName: 'Haddad',
  phone: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  location: 'New York, NY, US',
  bio: 'Rings and pendants for casting.',
  tellWhy: null,
  otherExperience: null,
  skills: ['rings'],
  cadSkills: ['nurbs-modeling'],
  softwareSkills: ['rhino'],
  softwareOwn: ['rhino'],
  serviceTypes: [],
  links: [{ label: 'Portfolio', url: 'https://nadia.example' }],
  portfolio: [{ id: 'f1', name: 'ring.jpg', url: '/api/files/f1' }],
  lastDecision: null,
  ...overrides,
});

describe('people to review', () => {
  test('a hold needs a reason; the decision goes to the server with it', async () => {
    let status: StaffPerson['status'] = 'pending';
    const { requests } = fakeApi(({ path, method, body }) => {
      if (path === '/api/me') return { status: 200, body: { user: me({ role: 'staff' }) } };
      if (path === '/api/staff/people')
        return { status: 200, body: { people: [person({ status })], total: 1, page: 1, pageSize: 25 } };
      if (path === '/api/staff/audit') return { status: 200, body: { entries: [], total: 0 } };
      if (method === 'PATCH' && path === '/api/staff/accounts/p1') {
        status = (body as { status: StaffPerson['status'] }).status;
        return { status: 200, body: { account: me({ id: 'p1', role: 'designer', status }) } };
      }
      return undefined!;
    });
    const u = userEvent.setup();
    renderAt('/ops/people', <OpsPeoplePage />);
    const card = (await screen.findByRole('heading', { name: 'Nadia Haddad' })).closest('li')!;
    expect(within(card).getByText('nurbs-modeling')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Portfolio' }).getAttribute('href')).toBe(
      'https://nadia.example',
    );
    expect(within(card).getByRole('img', { name: 'ring.jpg' })).toBeTruthy();

    await u.click(within(card).getByRole('button', { name: 'Hold Nadia Haddad' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('button', { name: 'Hold' }));
    expect(within(dialog).getByText('Give a reason for this decision.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);

    await u.type(within(dialog).getByLabelText(/Reason/), 'Portfolio is not their own.');
    await u.click(within(dialog).getByRole('button', { name: 'Hold' }));
    await vi.waitFor(() =>
      expect(requests.filter((r) => r.method === 'PATCH')).toEqual([
        {
          method: 'PATCH',
          path: '/api/staff/accounts/p1',
          body: { status: 'hold', reason: 'Portfolio is not their own.' },
        },
      ]),
    );
    // the list asks again and shows the new status
    await vi.waitFor(() => expect(screen.getByText('hold')).toBeTruthy());
  });

  test('no one waiting says so', async () => {
    fakeApi(({ path }) => {
      if (path === '/api/me') return { status: 200, body: { user: me({ role: 'staff' }) } };
      if (path === '/api/staff/people')
        return { status: 200, body: { people: [], total: 0, page: 1, pageSize: 25 } };
      if (path === '/api/staff/audit') return { status: 200, body: { entries: [], total: 0 } };
      return undefined!;
    });
    renderAt('/ops/people', <OpsPeoplePage />);
    expect(await screen.findByText('No one is waiting for review')).toBeTruthy();
  });
});
