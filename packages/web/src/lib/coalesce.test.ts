import { afterEach, expect, test, vi } from 'vitest';
import { coalesce } from './coalesce';

afterEach(() => {
  vi.useRealTimers();
});

test('a burst runs once at the end of its window; a later call opens a new window; cancel drops it', () => {
  vi.useFakeTimers();
  const run = vi.fn();
  const c = coalesce(run, 250);
  for (let i = 0; i < 50; i++) c.call();
  expect(run).not.toHaveBeenCalled();
  vi.advanceTimersByTime(250);
  expect(run).toHaveBeenCalledTimes(1);
  c.call();
  vi.advanceTimersByTime(249);
  expect(run).toHaveBeenCalledTimes(1);
  vi.advanceTimersByTime(1);
  expect(run).toHaveBeenCalledTimes(2);
  c.call();
  c.cancel();
  vi.advanceTimersByTime(1000);
  expect(run).toHaveBeenCalledTimes(2);
});
