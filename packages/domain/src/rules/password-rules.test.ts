import { describe, expect, test } from 'vitest';
import { checkPassword, firstPasswordProblem, passwordRules } from './password-rules';
import { accountMessages as m } from './messages';

describe('password rules', () => {
  test('five rules in the order the wizard shows them', () => {
    expect(passwordRules.map((r) => r.id)).toEqual(['length', 'lowercase', 'uppercase', 'number', 'special']);
    expect(passwordRules[0]?.message).toBe('Password must be at least 8 characters');
  });

  test('the checklist marks each rule as typed', () => {
    const met = (p: string) =>
      Object.fromEntries(checkPassword(p).map((c) => [c.id, c.met])) as Record<string, boolean>;
    expect(met('')).toEqual({
      length: false,
      lowercase: false,
      uppercase: false,
      number: false,
      special: false,
    });
    expect(met('abc')).toMatchObject({ lowercase: true, uppercase: false, length: false });
    expect(met('ABCDEFGH')).toMatchObject({ length: true, uppercase: true, lowercase: false });
    expect(met('a1')).toMatchObject({ number: true, special: false });
    expect(met('a b')).toMatchObject({ special: false });
    expect(met('a-b')).toMatchObject({ special: true });
    expect(met('Facet-demo-1')).toEqual({
      length: true,
      lowercase: true,
      uppercase: true,
      number: true,
      special: true,
    });
  });

  test('letters beyond ASCII count as letters, not special characters', () => {
    expect(checkPassword('Émile').find((c) => c.id === 'uppercase')?.met).toBe(true);
    expect(checkPassword('émile').find((c) => c.id === 'special')?.met).toBe(false);
    expect(checkPassword('abc€').find((c) => c.id === 'special')?.met).toBe(true);
  });

  test('the first broken rule gives the message', () => {
    expect(firstPasswordProblem('')).toBe(m.passwordRequired);
    expect(firstPasswordProblem('Ab1!')).toBe(m.passwordTooShort);
    expect(firstPasswordProblem('ABCDEFG1!')).toBe(m.passwordNeedsLowercase);
    expect(firstPasswordProblem('abcdefg1!')).toBe(m.passwordNeedsUppercase);
    expect(firstPasswordProblem('Abcdefgh!')).toBe(m.passwordNeedsNumber);
    expect(firstPasswordProblem('Abcdefgh1')).toBe(m.passwordNeedsSpecial);
    expect(firstPasswordProblem('Abcdefg1!')).toBeNull();
    expect(firstPasswordProblem('Aa1!' + 'x'.repeat(125))).toBe(m.passwordTooLong);
  });
});
