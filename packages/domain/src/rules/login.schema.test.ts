import { describe, expect, test } from 'vitest';
import { loginFormSchema, loginInputSchema, loginPaths } from './login.schema';
import { accountMessages as m } from './messages';
import { fieldErrors } from './test-helpers';

describe('login', () => {
  test('email and password are required; the password rules are not checked at login', () => {
    expect(fieldErrors(loginFormSchema, { email: '', password: '' })).toEqual({
      email: m.emailRequired,
      password: m.passwordRequired,
    });
    expect(fieldErrors(loginFormSchema, { email: 'x@', password: 'short' })).toEqual({
      email: m.emailInvalid,
    });
    expect(loginFormSchema.parse({ email: ' Ada@Example.com', password: 'short' }).email).toBe(
      'ada@example.com',
    );
  });

  test('the body names its portal', () => {
    expect(loginInputSchema.safeParse({ email: 'a@b.co', password: 'x', portal: 'designer' }).success).toBe(
      true,
    );
    expect(fieldErrors(loginInputSchema, { email: 'a@b.co', password: 'x', portal: 'admin' })).toEqual({
      portal: m.portalRequired,
    });
  });

  test('each portal has its login page', () => {
    expect(loginPaths).toEqual({
      customer: '/login-user',
      designer: '/login-designer',
      service: '/login-service',
      staff: '/login-staff',
    });
  });
});
