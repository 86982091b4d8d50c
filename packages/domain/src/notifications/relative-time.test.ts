import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date('2026-11-25T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it('reads the largest whole unit', () => {
    expect(relativeTime(ago(10), now)).toBe('just now');
    expect(relativeTime(ago(50), now)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * 60 + 30), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(3600 * 2), now)).toBe('2 hours ago');
    expect(relativeTime(ago(3600 * 30), now)).toBe('yesterday');
    expect(relativeTime(ago(3600 * 24 * 3), now)).toBe('3 days ago');
    expect(relativeTime(ago(3600 * 24 * 15), now)).toBe('2 weeks ago');
    expect(relativeTime(ago(3600 * 24 * 400), now)).toBe('last year');
  });

  it('reads a moment slightly ahead as just now, and nonsense as nothing', () => {
    expect(relativeTime(ago(-30), now)).toBe('just now');
    expect(relativeTime('not a date', now)).toBe('');
  });
});
