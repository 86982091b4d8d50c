import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toProCardData } from '../api/types';
import type { DesignerCard } from '../api/types';
import { InviteButton } from './invite-button';
import { ProCard } from './pro-card';
import { ProGrid } from './pro-grid';

afterEach(cleanup);

function card(overrides: Partial<DesignerCard> = {}): DesignerCard {
  return {
    id: 'd1',
    role: 'designer',
    firstName: 'Claire',
    lastName: 'Dubois',
    name: 'Claire D.',
    label: 'CAD Designer',
    avatarUrl: null,
    rating: 4.66,
    ratingText: '4.7',
    ratingCount: 3,
    completedCount: 12,
    tags: ['Rings', 'Rhino', 'Stone setting', 'Pavé', 'Filigree', 'Engraving'],
    serviceTypes: [],
    responseRate: 87.5,
    responseRateText: '87.50%',
    responseTime: 'Within 5 hours',
    invited: false,
    invitationStatus: null,
    activeProjects: 1,
    availability: 'Available now',
    ...overrides,
  };
}

const renderCard = (d: DesignerCard) =>
  render(
    <MemoryRouter>
      <ProCard pro={toProCardData(d)} profileHref={`/profile/designer/${d.id}`} />
    </MemoryRouter>,
  );

describe('designer card', () => {
  test('shows first name + last initial, CAD Designer, rating to one decimal, 5 tags, rate with 2 decimals', () => {
    renderCard(card());
    const article = screen.getByRole('article', { name: 'Claire D.' });
    expect(within(article).getByRole('link', { name: 'Claire D.' }).getAttribute('href')).toBe(
      '/profile/designer/d1',
    );
    expect(within(article).getByText('CAD Designer')).toBeTruthy();
    expect(within(article).getByTestId('rating').textContent).toBe('4.7');
    expect(
      within(article)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Rings', 'Rhino', 'Stone setting', 'Pavé', 'Filigree']);
    expect(within(article).getByTestId('response-rate').textContent).toBe('87.50%');
    expect(within(article).getByTestId('response-time').textContent).toBe('Within 5 hours');
  });

  test('an unrated designer without a measured rate reads Not yet rated and a dash', () => {
    renderCard(card({ rating: null, responseRate: null, responseTime: 'No data yet' }));
    expect(screen.getByTestId('rating').textContent).toBe('Not yet rated');
    expect(screen.getByTestId('response-rate').textContent).toBe('–');
    expect(screen.getByTestId('response-time').textContent).toBe('No data yet');
  });

  test('a service provider card is labelled Service Provider and lists service types', () => {
    renderCard(card({ role: 'service', label: 'Service Provider', serviceTypes: ['Casting', 'Polishing'] }));
    expect(screen.getByText('Service Provider')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Service types' }).textContent).toBe('CastingPolishing');
  });
});

describe('invite button', () => {
  test('idle, Inviting while busy, then a disabled Invited with a check mark', async () => {
    const onInvite = vi.fn();
    const { rerender } = render(<InviteButton state="idle" name="Claire D." onInvite={onInvite} />);
    await userEvent.click(screen.getByRole('button', { name: 'Invite To Project: Claire D.' }));
    expect(onInvite).toHaveBeenCalledOnce();

    rerender(<InviteButton state="inviting" name="Claire D." onInvite={onInvite} />);
    const busy = screen.getByRole('button', { name: 'Inviting Claire D.' }) as HTMLButtonElement;
    expect(busy.textContent).toContain('Inviting');
    expect(busy.disabled).toBe(true);

    rerender(<InviteButton state="invited" name="Claire D." onInvite={onInvite} />);
    const done = screen.getByRole('button', { name: 'Invited Claire D.' }) as HTMLButtonElement;
    expect(done.disabled).toBe(true);
    expect(done.textContent).toContain('Invited');
    expect(done.querySelector('svg')).not.toBeNull();
  });
});

describe('grid', () => {
  test('shows 6 skeleton cards while loading', () => {
    render(<ProGrid loading label="Designers" />);
    expect(screen.getAllByTestId('pro-card-skeleton')).toHaveLength(6);
    expect(screen.getByRole('status').textContent).toContain('Loading designers');
  });
});
