import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CountsChart, MoneyChart, OffersChart, RatingChart } from './charts';

// jsdom lays nothing out and has no ResizeObserver: the charts keep their initial width
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// the plot's baseline: 240 high, 8 above the plot and 28 for the month axis below it
const BASELINE = 240 - 8 - 28;
/** A rounded bar is a path starting at its top edge: its height is from there to the baseline. */
const heightOf = (bar: Element) =>
  BASELINE - Number(/^M[^,]+,([-\d.]+)/.exec(bar.getAttribute('d') ?? '')![1]);

describe('dashboard charts (drawn at their initial width before the container is measured)', () => {
  test('money: one bar per month, heights in proportion, the month and amount on hover', () => {
    const months = [
      { month: '2026-10', cents: 100_00 },
      { month: '2026-11', cents: 300_00 },
    ];
    const { container } = render(<MoneyChart months={months} name="Spent" />);
    const bars = container.querySelectorAll('.chart__bar');
    expect(bars).toHaveLength(2);
    expect(heightOf(bars[1]!) / heightOf(bars[0]!)).toBeCloseTo(3, 1);
    // this month in deep gold, last month in gold
    expect(bars[1]!.getAttribute('fill')).toBe('#7d5f24');
    expect(bars[0]!.getAttribute('fill')).toBe('#c9a96a');
    expect(container.firstElementChild!.getAttribute('aria-hidden')).toBe('true');
    fireEvent.pointerEnter(container.querySelectorAll('.chart__hit')[1]!);
    expect(screen.getByText('Nov 2026')).toBeTruthy();
    expect(screen.getByText('Spent: $300.00')).toBeTruthy();
  });

  test('offers: sent and won side by side for each month, with a legend', () => {
    const months = [
      { month: '2026-10', sent: 4, won: 1 },
      { month: '2026-11', sent: 2, won: 2 },
    ];
    const { container } = render(<OffersChart months={months} />);
    expect(container.querySelectorAll('.chart__bar')).toHaveLength(4);
    expect(screen.getByText('Offers sent')).toBeTruthy();
    expect(screen.getByText('Offers won')).toBeTruthy();
  });

  test('rating: a line through the months that have an overall rating, a dot per month rated', () => {
    const months = [
      { month: '2026-09', average: null, overall: null },
      { month: '2026-10', average: 4, overall: 4 },
      { month: '2026-11', average: 5, overall: 4.5 },
    ];
    const { container } = render(<RatingChart months={months} />);
    const line = container.querySelector('.chart__line')!;
    // two points: one move and one line segment
    expect(line.getAttribute('d')).toMatch(/^M[^ML]+L[^ML]+$/);
    expect(container.querySelectorAll('circle')).toHaveLength(2);
  });

  test('counts: a bar per row with a count (none for a zero), every label, the count on hover', () => {
    const rows = [
      { label: 'RECEIVED', count: 2 },
      { label: 'POLISH', count: 0 },
    ];
    const { container } = render(<CountsChart rows={rows} name="Orders" />);
    expect(container.querySelectorAll('.chart__bar')).toHaveLength(1);
    expect(screen.getByText('RECEIVED')).toBeTruthy();
    expect(screen.getAllByText('POLISH').length).toBeGreaterThan(0);
    fireEvent.pointerEnter(container.querySelectorAll('.chart__hit')[0]!.parentElement!);
    expect(screen.getByText('Orders: 2')).toBeTruthy();
  });
});
