import { z } from 'zod';
import { accountMessages as m } from './messages';
import { emailSchema } from './fields';

export const LOGIN_PORTALS = ['customer', 'designer', 'service', 'staff'] as const;
export type LoginPortal = (typeof LOGIN_PORTALS)[number];

/** The login page of each portal. */
export const loginPaths: Record<LoginPortal, string> = {
  customer: '/login-user',
  designer: '/login-designer',
  service: '/login-service',
  staff: '/login-staff',
};

/** The form's fields; a login only checks that a password was given, not its rules. */
export const loginFormSchema = z.object({
  email: emailSchema,
  password: z.string({ error: m.passwordRequired }).min(1, { error: m.passwordRequired }).max(1024),
});

/** The body of `POST /api/auth/login`. */
export const loginInputSchema = loginFormSchema.extend({
  portal: z.enum(LOGIN_PORTALS, { error: m.portalRequired }),
});

export type LoginFormValues = z.input<typeof loginFormSchema>;
export type LoginInput = z.output<typeof loginInputSchema>;
