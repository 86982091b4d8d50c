import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { sameValue, useDebouncedValue } from './use-debounced-value';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useDebouncedValue: the value once it has not changed for the delay', () => {
  test('the first value is used at once; a change settles the delay after the last one', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v, 500), {
      initialProps: { v: { materialId: 1, quantity: 1 } },
    });
    expect(result.current).toEqual({ materialId: 1, quantity: 1 });

    rerender({ v: { materialId: 2, quantity: 1 } });
    act(() => vi.advanceTimersByTime(300));
    rerender({ v: { materialId: 3, quantity: 1 } });
    act(() => vi.advanceTimersByTime(300));
    // 600 ms since the first change but only 300 since the last: still the old value
    expect(result.current).toEqual({ materialId: 1, quantity: 1 });
    act(() => vi.advanceTimersByTime(500 - 300 - 1));
    expect(result.current.materialId).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toEqual({ materialId: 3, quantity: 1 });
  });

  test('a new object with the same content is not a change', () => {
    vi.useFakeTimers();
    const first = { materialId: 1 };
    const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v, 500), {
      initialProps: { v: first },
    });
    rerender({ v: { materialId: 1 } });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(first);
    expect(sameValue(result.current, { materialId: 1 })).toBe(true);
    expect(sameValue(result.current, { materialId: 2 })).toBe(false);
  });

  test('typing in a search box: the text once typing pauses; typed back to the start is no change', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v, 300), {
      initialProps: { v: '' },
    });
    for (const text of ['r', 'ri', 'rin', 'ring']) {
      rerender({ v: text });
      act(() => vi.advanceTimersByTime(100));
    }
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toBe('ring');
    // a change undone before the delay ends never shows
    rerender({ v: 'rings' });
    act(() => vi.advanceTimersByTime(200));
    rerender({ v: 'ring' });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe('ring');
  });
});
