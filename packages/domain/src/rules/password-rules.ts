import { accountMessages } from './messages';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordRuleId = 'length' | 'lowercase' | 'uppercase' | 'number' | 'special';

export type PasswordRule = {
  id: PasswordRuleId;
  /** short text for the live checklist */
  label: string;
  /** error text when the rule is not met */
  message: string;
  test: (password: string) => boolean;
};

/** The five rules the sign-up wizard shows (spec section 5) and the schemas enforce, in display order. */
export const passwordRules: readonly PasswordRule[] = [
  {
    id: 'length',
    label: 'At least 8 characters',
    message: accountMessages.passwordTooShort,
    test: (p) => p.length >= PASSWORD_MIN_LENGTH,
  },
  {
    id: 'lowercase',
    label: 'A lowercase letter',
    message: accountMessages.passwordNeedsLowercase,
    test: (p) => /\p{Ll}/u.test(p),
  },
  {
    id: 'uppercase',
    label: 'An uppercase letter',
    message: accountMessages.passwordNeedsUppercase,
    test: (p) => /\p{Lu}/u.test(p),
  },
  {
    id: 'number',
    label: 'A number',
    message: accountMessages.passwordNeedsNumber,
    test: (p) => /\p{Nd}/u.test(p),
  },
  {
    id: 'special',
    label: 'A special character',
    message: accountMessages.passwordNeedsSpecial,
    // anything that is neither a letter, a digit nor white space counts: - _ ! @ # € ...
    test: (p) => /[^\p{L}\p{Nd}\s]/u.test(p),
  },
];

export type PasswordCheck = { id: PasswordRuleId; label: string; met: boolean };

/** The checklist state for a password as typed. */
export function checkPassword(password: string): PasswordCheck[] {
  return passwordRules.map((rule) => ({ id: rule.id, label: rule.label, met: rule.test(password) }));
}

/** The message of the first rule the password breaks, or null when all five are met. */
export function firstPasswordProblem(password: string): string | null {
  if (password.length === 0) return accountMessages.passwordRequired;
  if (password.length > PASSWORD_MAX_LENGTH) return accountMessages.passwordTooLong;
  const broken = passwordRules.find((rule) => !rule.test(password));
  return broken ? broken.message : null;
}
