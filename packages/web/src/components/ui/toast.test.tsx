import { afterEach, describe, expect, test } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import {
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_LIMIT,
  TOAST_SWIPE_THRESHOLD,
  Toaster,
  currentToasts,
  dismissToast,
  toast,
} from './toast';

afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

describe('toast', () => {
  test('uses the spec constants: 5000 ms, swipe 50, F8, one at a time', () => {
    expect([TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD, TOAST_HOTKEY, TOAST_LIMIT]).toEqual([
      5000,
      50,
      ['F8'],
      1,
    ]);
  });

  test('a new toast replaces the one showing', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Saved', description: 'Your profile was updated.' });
    });
    expect(screen.getByText('Saved')).toBeTruthy();
    act(() => {
      toast({ title: 'Error', description: 'An error occurred.', variant: 'destructive' });
    });
    expect(currentToasts()).toHaveLength(1);
    expect(screen.queryByText('Saved')).toBeNull();
    expect(screen.getByText('An error occurred.')).toBeTruthy();
  });

  test('dismiss closes it', () => {
    render(<Toaster />);
    let handle: { dismiss: () => void } | undefined;
    act(() => {
      handle = toast({ title: 'Copied' });
    });
    act(() => handle?.dismiss());
    expect(screen.queryByText('Copied')).toBeNull();
  });
});
