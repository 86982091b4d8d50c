import { describe, expect, test } from 'vitest';
import { accountMessages } from './messages';

describe('account messages', () => {
  test('the texts of spec section 5 are word for word', () => {
    expect(accountMessages.emailRequired).toBe('Email is required');
    expect(accountMessages.emailInvalid).toBe('Invalid email format');
    expect(accountMessages.passwordTooShort).toBe('Password must be at least 8 characters');
    expect(accountMessages.fullNameRequired).toBe('Full Name is required');
    expect(accountMessages.phoneRequired).toBe('Phone number is required');
    expect(accountMessages.phoneInvalid).toBe('Phone must contain only numbers (6\u201315 digits)');
    expect(accountMessages.bioRequired).toBe('A short bio is required');
    expect(accountMessages.portfolioFilesUnsupported).toBe('Sorry, some files have unsupported types!');
  });

  test('the phone message uses an en dash, not a hyphen', () => {
    expect(accountMessages.phoneInvalid).toContain('–');
    expect(accountMessages.phoneInvalid).not.toContain('6-15');
  });

  test('every message is a non-empty sentence without trailing spaces', () => {
    for (const [key, text] of Object.entries(accountMessages)) {
      expect(text, key).toMatch(/^\S.*\S$/);
    }
  });
});
