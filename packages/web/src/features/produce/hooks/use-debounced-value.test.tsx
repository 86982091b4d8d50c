import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { PRICE_DEBOUNCE_MS, useDebouncedValue } from './use-debounced-value';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('price debounce (spec section 9: 500 ms after the last change)', () => {
  test('the first value is used at once; a change settles 500 ms after the last one', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v), {
      initialProps: { v: { materialId: 1, quantity: 1 } },
    });
    expect(result.current).toEqual({ materialId: 1, quantity: 1 });

    rerender({ v: { materialId: 2, quantity: 1 } });
    act(() => vi.advanceTimersByTime(300));
    rerender({ v: { materialId: 3, quantity: 1 } });
    act(() => vi.advanceTimersByTime(300));
    // 600 ms since the first change but only 300 since the last: still the old value
    expect(result.current).toEqual({ materialId: 1, quantity: 1 });
    act(() => vi.advanceTimersByTime(PRICE_DEBOUNCE_MS - 300 - 1));
    expect(result.current.materialId).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toEqual({ materialId: 3, quantity: 1 });
  });

  test('a new object with the same content is not a change', () => {
    vi.useFakeTimers();
    const first = { materialId: 1 };
    const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v), { initialProps: { v: first } });
    rerender({ v: { materialId: 1 } });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(first);
  });
});
