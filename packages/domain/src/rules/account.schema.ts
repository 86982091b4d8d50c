import { z } from 'zod';
import { accountMessages as m } from './messages';
import { addressSchema, newPasswordSchema, PHONE_PATTERN, requiredText, stateIssue } from './fields';
import type { HasStates } from './fields';

function nameSchema(requiredMessage: string) {
  return requiredText(requiredMessage, 50, m.nameTooLong);
}

export type ProfileRuleOptions = {
  /** customers must keep a phone number (spec section 5); others may clear it */
  phoneRequired?: boolean;
  hasStates?: HasStates;
};

/** Account settings, Profile section: names and phone. An empty optional phone becomes null (cleared). */
export function createProfileSectionSchema(options: ProfileRuleOptions = {}) {
  return z.object({
    firstName: nameSchema(m.firstNameRequired),
    lastName: nameSchema(m.lastNameRequired),
    phone: z
      .string()
      .trim()
      .superRefine((v, ctx) => {
        if (v === '') {
          if (options.phoneRequired) ctx.addIssue({ code: 'custom', message: m.phoneRequired });
        } else if (!PHONE_PATTERN.test(v)) ctx.addIssue({ code: 'custom', message: m.phoneInvalid });
      })
      .transform((v) => (v === '' ? null : v)),
  });
}

/** Account settings, Address section. */
export function createAddressSectionSchema(options: ProfileRuleOptions = {}) {
  return z.object({ address: addressSchema }).superRefine(
    (v, ctx) => {
      if (typeof v !== 'object' || v === null || typeof v.address !== 'object' || v.address === null) return;
      const message = stateIssue(v.address, options.hasStates);
      if (message) ctx.addIssue({ code: 'custom', path: ['address', 'state'], message });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
}

/** The body of `PATCH /api/me`: any of the sections' fields; absent fields stay as they are. */
export function createProfileUpdateSchema(options: ProfileRuleOptions = {}) {
  const profile = createProfileSectionSchema(options).partial();
  return profile.extend({ address: addressSchema.optional() }).superRefine((v, ctx) => {
    if (!v.address) return;
    const message = stateIssue(v.address, options.hasStates);
    if (message) ctx.addIssue({ code: 'custom', path: ['address', 'state'], message });
  });
}

export type ProfileSectionInput = z.input<ReturnType<typeof createProfileSectionSchema>>;
export type AddressSectionInput = z.input<ReturnType<typeof createAddressSectionSchema>>;
export type ProfileUpdateInput = z.output<ReturnType<typeof createProfileUpdateSchema>>;

/** The body of `POST /api/me/password`. */
export const changePasswordInputSchema = z
  .object({
    currentPassword: z
      .string({ error: m.currentPasswordRequired })
      .min(1, { error: m.currentPasswordRequired })
      .max(1024),
    newPassword: newPasswordSchema,
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    path: ['newPassword'],
    error: m.newPasswordSameAsCurrent,
  });

/** The settings form: the body plus a confirmation field. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z
      .string({ error: m.currentPasswordRequired })
      .min(1, { error: m.currentPasswordRequired }),
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.currentPassword !== '' && v.currentPassword === v.newPassword)
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: m.newPasswordSameAsCurrent });
    if (v.confirmPassword !== v.newPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: m.passwordsDoNotMatch });
  });

export type ChangePasswordInput = z.output<typeof changePasswordInputSchema>;
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;
