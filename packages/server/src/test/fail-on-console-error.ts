import { afterEach, beforeEach, vi } from 'vitest';

// an unexpected console.error is a failing test: noise hides real problems
let spy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  spy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = spy.mock.calls;
  spy.mockRestore();
  if (calls.length)
    throw new Error(`console.error was called: ${calls.map((c: unknown[]) => c.join(' ')).join('\n')}`);
});
