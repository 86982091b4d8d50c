import { describe, expect, it } from 'vitest';
import { isUuid, uuidSchema } from './ids';

describe('ids', () => {
  it('takes the uuids the server makes, in either case', () => {
    const made = '3f2b8c1e-9d4a-4e7b-a1c2-5d6e7f809a1b'; // as randomUUID() makes them
    expect(isUuid(made)).toBe(true);
    expect(isUuid(made.toUpperCase())).toBe(true);
    expect(isUuid('00000000-0000-4000-8000-000000000000')).toBe(true);
  });

  it('refuses anything else, without throwing', () => {
    for (const value of [
      'x',
      '',
      '..',
      "'",
      'a'.repeat(500),
      '3f2b8c1e-9d4a-4e7b-a1c2-5d6e7f809a1bx',
      12,
      null,
      undefined,
      {},
    ])
      expect(isUuid(value)).toBe(false);
  });

  it('says its own message when it refuses', () => {
    const r = uuidSchema('Order was not found.').safeParse('x');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Order was not found.');
  });
});
