import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EarningsPage } from './earnings-page';
import { renderAt } from '../../../testing';
import { answering, earnings } from '../testing/money-fakes';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a pro’s earnings page', () => {
  test('balances, every movement with its project, filtered by kind', async () => {
    answering(earnings, 'active');
    renderAt('/earnings', <EarningsPage />);
    await screen.findByRole('heading', { level: 1, name: 'Earnings' });
    const totals = await screen.findByText('In escrow', { selector: 'dt' });
    expect(totals.nextElementSibling?.textContent).toBe('$72.00');
    expect(screen.getByText('Paid out', { selector: 'dt' }).nextElementSibling?.textContent).toBe('$384.00');
    expect(
      await screen.findByText('Your payout account is connected; payouts go out automatically.'),
    ).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('link', { name: 'Signet ring (changes)' }).getAttribute('href')).toBe(
      '/projects/p1',
    );

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Paid out' }));
    const filtered = screen.getByRole('table');
    const rows = within(filtered).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]!.textContent).toContain('Payout');
    expect(rows[1]!.textContent).toContain('$384.00');
  });

  test('amounts in the currency the payments are in: yen have no decimals', async () => {
    answering({ ...earnings, currency: 'jpy', inEscrowCents: 7_200, paidOutCents: 38_400 }, 'active');
    renderAt('/earnings', <EarningsPage />);
    const totals = await screen.findByText('In escrow', { selector: 'dt' });
    expect(totals.nextElementSibling?.textContent).toBe('¥7,200');
    expect(screen.getByText('Paid out', { selector: 'dt' }).nextElementSibling?.textContent).toBe('¥38,400');
    expect(within(screen.getByRole('table')).getAllByRole('row')[1]!.textContent).toMatch(/¥[\d,]+$/);
  });

  test('no earnings yet: says how they come; a missing payout account can be connected', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    answering({ ...earnings, inEscrowCents: 0, paidOutCents: 0, transactions: [] }, 'none');
    renderAt('/earnings', <EarningsPage />);
    expect(await screen.findByRole('heading', { name: 'No earnings yet' })).toBeTruthy();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Connect payout account' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/connect/acct_1'));
  });
});
