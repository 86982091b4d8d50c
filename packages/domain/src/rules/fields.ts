import { z } from 'zod';
import { accountMessages as m } from './messages';
import { firstPasswordProblem } from './password-rules';
import { isSocialProfile, isWebAddress, normalizeSocialProfile, normalizeWebAddress } from './web-address';
import type { Option } from './options';
import { optionValues } from './options';

/**
 * Field schemas shared by sign-up, login and account settings.
 * Each field reports one message at most (its first broken rule). No check aborts the parse, so rules across
 * fields (state, portfolio, Shopify) still run and a step shows all its messages at once.
 */

/** A trimmed string checked by `rule`, which returns the message of the first broken rule or null. */
export function checkedText(typeMessage: string, rule: (value: string) => string | null) {
  return z
    .string({ error: typeMessage })
    .trim()
    .superRefine((value, ctx) => {
      const message = rule(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
}

/** Required, trimmed, at most `max` characters. */
export function requiredText(requiredMessage: string, max: number, tooLongMessage: string) {
  return checkedText(requiredMessage, (v) =>
    v === '' ? requiredMessage : v.length > max ? tooLongMessage : null,
  );
}

export const EMAIL_PATTERN = z.regexes.email;

export const emailSchema = checkedText(m.emailRequired, (v) =>
  v === ''
    ? m.emailRequired
    : v.length > 254
      ? m.emailTooLong
      : EMAIL_PATTERN.test(v)
        ? null
        : m.emailInvalid,
).transform((v) => v.toLowerCase());

/** A new password: required, then the five rules, first broken rule reported. Not trimmed. */
export const newPasswordSchema = z.string({ error: m.passwordRequired }).superRefine((password, ctx) => {
  const problem = firstPasswordProblem(password);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const fullNameSchema = requiredText(m.fullNameRequired, 100, m.fullNameTooLong);

export const PHONE_PATTERN = /^\d{6,15}$/;

export const phoneSchema = checkedText(m.phoneRequired, (v) =>
  v === '' ? m.phoneRequired : PHONE_PATTERN.test(v) ? null : m.phoneInvalid,
);

/** Optional phone: '' or absent means none (output undefined); anything else must be 6–15 digits. */
export const optionalPhoneSchema = checkedText(m.phoneInvalid, (v) =>
  v === '' || PHONE_PATTERN.test(v) ? null : m.phoneInvalid,
)
  .transform((v) => (v === '' ? undefined : v))
  .optional();

export const COUNTRY_PATTERN = /^[A-Z]{2}$/;
const STATE_PATTERN = /^[A-Za-z0-9-]{1,10}$/;
const ZIPCODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{0,11}$/;

/** The address as entered. Whether a state is required depends on the country (see `addressIssues`). */
export const addressSchema = z.object(
  {
    country: checkedText(m.countryRequired, (v) =>
      v === '' ? m.countryRequired : COUNTRY_PATTERN.test(v.toUpperCase()) ? null : m.countryInvalid,
    ).transform((v) => v.toUpperCase()),
    state: checkedText(m.stateInvalid, (v) =>
      v === '' || STATE_PATTERN.test(v) ? null : m.stateInvalid,
    ).default(''),
    city: requiredText(m.cityRequired, 120, m.addressFieldTooLong),
    street: requiredText(m.streetRequired, 200, m.addressFieldTooLong),
    zipcode: checkedText(m.zipcodeRequired, (v) =>
      v === '' ? m.zipcodeRequired : ZIPCODE_PATTERN.test(v) ? null : m.zipcodeInvalid,
    ),
  },
  { error: m.countryRequired },
);

export type AddressInput = z.output<typeof addressSchema>;

/** Tells whether a country (ISO 3166-1 alpha-2) has states to choose from; the server asks its dataset. */
export type HasStates = (countryCode: string) => boolean;

/** The state rule: required exactly when the country has states. */
export function stateIssue(
  address: { country?: unknown; state?: unknown },
  hasStates?: HasStates,
): string | null {
  if (!hasStates || typeof address.country !== 'string' || !COUNTRY_PATTERN.test(address.country))
    return null;
  const state = typeof address.state === 'string' ? address.state.trim() : '';
  return state === '' && hasStates(address.country) ? m.stateRequired : null;
}

/** At least one value, every value from the list. */
export function choicesSchema(list: readonly Option[], requiredMessage: string) {
  return z
    .array(z.enum(optionValues(list), { error: m.optionInvalid }), { error: requiredMessage })
    .min(1, { error: requiredMessage })
    .max(list.length, { error: m.optionInvalid });
}

/** Zero or more values from the list. */
export function optionalChoicesSchema(list: readonly Option[]) {
  return z
    .array(z.enum(optionValues(list), { error: m.optionInvalid }))
    .max(list.length, { error: m.optionInvalid })
    .optional();
}

/** '' or absent means none; a bare domain gets `https://`. */
export const optionalWebAddressSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || isWebAddress(v), { error: m.webAddressInvalid })
  .transform((v) => (v === '' ? undefined : normalizeWebAddress(v)))
  .optional();

/** '' or absent means none; a handle is kept, a link gets `https://`. */
export const optionalSocialSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || isSocialProfile(v), { error: m.socialInvalid })
  .transform((v) => (v === '' ? undefined : normalizeSocialProfile(v)))
  .optional();

export function optionalTextSchema(max: number, tooLongMessage: string) {
  return z
    .string()
    .trim()
    .max(max, { error: tooLongMessage })
    .transform((v) => (v === '' ? undefined : v))
    .optional();
}
