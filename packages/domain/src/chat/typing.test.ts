import { describe, expect, test } from 'vitest';
import { TYPING_CLEAR_MS, TypingTracker } from './typing';

const ann = { id: 'ann', fullName: 'Ann Lee' };
const bob = { id: 'bob', fullName: 'Bob Ray' };

describe('TypingTracker', () => {
  test('spec section 9: the indicator is cleared after 2.5 s', () => {
    expect(TYPING_CLEAR_MS).toBe(2500);
  });

  test('a typist is shown until 2.5 s after their last news, then cleared without any stop event', () => {
    const t = new TypingTracker();
    t.receive('ann', [ann], 1000);
    expect(t.typing(1000)).toEqual([ann]);
    expect(t.typing(1000 + TYPING_CLEAR_MS - 1)).toEqual([ann]);
    expect(t.typing(1000 + TYPING_CLEAR_MS)).toEqual([]);
    expect(t.nextExpiry()).toBeNull();
  });

  test('repeated news keeps a typist shown; each typist expires on their own', () => {
    const t = new TypingTracker();
    t.receive('ann', [ann], 0);
    t.receive('bob', [bob], 1000);
    t.receive('ann', [ann], 2000);
    expect(t.typing(3000)).toEqual([ann, bob]);
    expect(t.nextExpiry()).toBe(3500);
    expect(t.typing(3600)).toEqual([ann]);
    expect(t.typing(4500)).toEqual([]);
  });

  test('an empty list from a typist clears only them; a list naming someone else is not taken', () => {
    const t = new TypingTracker();
    t.receive('ann', [ann], 0);
    t.receive('bob', [bob], 0);
    t.receive('bob', [], 100);
    expect(t.typing(200)).toEqual([ann]);
    t.receive('bob', [ann], 300);
    expect(t.typing(400)).toEqual([ann]);
    t.clear('ann');
    expect(t.typing(400)).toEqual([]);
  });

  test('the viewer is left out', () => {
    const t = new TypingTracker();
    t.receive('ann', [ann], 0);
    t.receive('bob', [bob], 0);
    expect(t.typing(10, 'ann')).toEqual([bob]);
  });
});
