import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Deadline } from './deadline';

afterEach(cleanup);

describe('the due date and lateness badge', () => {
  test('late reads in the warning colour, with the due date', () => {
    render(<Deadline project={{ dueAt: '2026-03-12T10:00:00.000Z', lateness: '2 day(s) Late' }} />);
    const badge = screen.getByTestId('project-lateness');
    expect(badge.textContent).toBe('2 day(s) Late');
    expect(badge.className).toContain('lateness-badge--late');
    expect(screen.getByTestId('project-deadline').textContent).toContain('Due Mar 12, 2026');
    expect(screen.getByText('Mar 12, 2026').getAttribute('datetime')).toBe('2026-03-12T10:00:00.000Z');
  });

  test.each(['On Track', '3 hour(s) early', '4 day(s) early'])('%s reads calm', (lateness) => {
    render(<Deadline project={{ dueAt: '2026-03-12T10:00:00.000Z', lateness }} compact />);
    const badge = screen.getByTestId('project-lateness');
    expect(badge.textContent).toBe(lateness);
    expect(badge.className).toContain('lateness-badge--calm');
  });

  test('nothing before the payment', () => {
    const { container } = render(<Deadline project={{ dueAt: null, lateness: null }} />);
    expect(container.textContent).toBe('');
  });
});
