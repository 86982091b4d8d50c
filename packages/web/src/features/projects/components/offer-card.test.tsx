import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OfferCard, sortOffers } from './offer-card';
import type { OfferCardData } from './offer-card';

afterEach(cleanup);

const pro = { firstName: 'Claire', lastName: 'Dubois', avatarUrl: null, label: 'CAD Designer' };
const offer = (o: Partial<OfferCardData>): OfferCardData => ({
  id: 'o1',
  status: 'pending',
  priceCents: null,
  leadTimeDays: null,
  pro,
  ...o,
});
const button = (name: RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('designer offer card (spec section 2)', () => {
  test('pending: both values read No answer and Accept and Decline are disabled', () => {
    render(<OfferCard offer={offer({})} canDecide onAccept={vi.fn()} onDecline={vi.fn()} />);
    expect(screen.getByText('Total Offer')).toBeTruthy();
    expect(screen.getByText('Lead Time')).toBeTruthy();
    expect(screen.getByTestId('offer-price').textContent).toBe('No answer');
    expect(screen.getByTestId('offer-lead').textContent).toBe('No answer');
    expect(button(/^Accept offer/).disabled).toBe(true);
    expect(button(/^Decline offer/).disabled).toBe(true);
  });

  test('quoted: dollars and days, and the customer may accept or decline', async () => {
    const onAccept = vi.fn();
    const onDecline = vi.fn();
    render(
      <OfferCard
        offer={offer({ status: 'quoted', priceCents: 125_000, leadTimeDays: 12 })}
        canDecide
        onAccept={onAccept}
        onDecline={onDecline}
      />,
    );
    expect(screen.getByTestId('offer-price').textContent).toBe('$1,250');
    expect(screen.getByTestId('offer-lead').textContent).toBe('12 days');
    await userEvent.click(button(/^Accept offer from Claire D\./));
    await userEvent.click(button(/^Decline offer from Claire D\./));
    expect(onAccept).toHaveBeenCalledOnce();
    expect(onDecline).toHaveBeenCalledOnce();
  });

  test('refused shows REFUSED, accepted shows ACCEPTED, and neither has buttons', () => {
    const { rerender } = render(
      <OfferCard offer={offer({ status: 'refused', priceCents: 9_950, leadTimeDays: 1 })} canDecide />,
    );
    expect(screen.getByText('REFUSED')).toBeTruthy();
    expect(screen.getByTestId('offer-price').textContent).toBe('$99.50');
    expect(screen.getByTestId('offer-lead').textContent).toBe('1 day');
    expect(screen.queryByRole('button')).toBeNull();
    rerender(
      <OfferCard offer={offer({ status: 'accepted', priceCents: 9_950, leadTimeDays: 3 })} canDecide />,
    );
    expect(screen.getByText('ACCEPTED')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  test('a pro viewing the card (no decision rights) sees no buttons', () => {
    render(
      <OfferCard offer={offer({ status: 'quoted', priceCents: 100, leadTimeDays: 2 })} canDecide={false} />,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  test('offers with both price and lead time come first, otherwise in their order', () => {
    const list = [
      offer({ id: 'a' }),
      offer({ id: 'b', status: 'quoted', priceCents: 1, leadTimeDays: 1 }),
      offer({ id: 'c', status: 'refused' }),
      offer({ id: 'd', status: 'quoted', priceCents: 2, leadTimeDays: 2 }),
    ];
    expect(sortOffers(list).map((o) => o.id)).toEqual(['b', 'd', 'a', 'c']);
  });
});
