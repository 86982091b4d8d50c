import { z } from 'zod';
import { accountMessages as m } from './messages';
import {
  addressSchema,
  checkedText,
  choicesSchema,
  emailSchema,
  fullNameSchema,
  newPasswordSchema,
  optionalChoicesSchema,
  optionalPhoneSchema,
  optionalSocialSchema,
  optionalTextSchema,
  optionalWebAddressSchema,
  phoneSchema,
  requiredText,
  stateIssue,
} from './fields';
import type { HasStates } from './fields';
import {
  cadSkillOptions,
  customerPurposeOptions,
  designerSkillOptions,
  serviceCapabilityOptions,
  serviceTypeOptions,
  softwareOptions,
} from './options';

export const SIGNUP_ROLES = ['customer', 'designer', 'service'] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];
export const BIO_MIN_LENGTH = 100;
export const BIO_MAX_LENGTH = 250;

/** The body of `POST /api/auth/signup` (the API contract), as the schema returns it. */
export type SignupInput = {
  role: SignupRole;
  email: string;
  password: string;
  fullName: string;
  phone?: string;
  address: { country: string; state: string; city: string; street: string; zipcode: string };
  customerType?: 'business' | 'personal';
  purpose?: string[];
  answers?: { questionId: string; answerIds: string[] }[];
  skills?: string[];
  cadSkills?: string[];
  softwareSkills?: string[];
  softwareOwn?: string[];
  otherExperience?: string;
  serviceTypes?: string[];
  tellWhy?: string;
  websiteUrl?: string;
  instagram?: string;
  twitter?: string;
  facebook?: string;
  shopifyUrl?: string;
  bio?: string;
  portfolioLink?: string;
  acceptTerms?: boolean;
  eligibility?: [boolean, boolean, boolean];
};

/**
 * What the rules need to know beyond the body.
 * - `hasStates`: whether the chosen country has states (then state is required). Without it only the
 *   state's shape is checked; the server passes its dataset lookup.
 * - `portfolioImageCount`: portfolio images sent beside the JSON (multipart); designers need a portfolio
 *   link or at least one image. Defaults to 0.
 */
export type SignupRuleOptions = { hasStates?: HasStates; portfolioImageCount?: number };

// ---- the wizard's steps (spec section 2: 1 Role; 2 Account; 2.5 Address; 3 Purpose or Skills; 4 Details; 5 Connect online presence)

export type SignupStepId = 'role' | 'account' | 'address' | 'purpose' | 'skills' | 'details' | 'presence';
export type SignupStep = { id: SignupStepId; number: string; title: string };

export function signupSteps(role: SignupRole | undefined): SignupStep[] {
  return [
    { id: 'role', number: '1', title: 'Role' },
    { id: 'account', number: '2', title: 'Account' },
    { id: 'address', number: '2.5', title: 'Address' },
    role === 'customer'
      ? { id: 'purpose', number: '3', title: 'Purpose' }
      : { id: 'skills', number: '3', title: 'Skills' },
    { id: 'details', number: '4', title: 'Details' },
    { id: 'presence', number: '5', title: 'Connect online presence' },
  ];
}

/** The step that owns a field, for showing a server field error (`address.city`, `eligibility.1`) on its step. */
export function signupStepOfField(path: string, role: SignupRole): SignupStepId {
  const field = path.split('.')[0] ?? '';
  switch (field) {
    case 'role':
      return 'role';
    case 'email':
    case 'password':
    case 'fullName':
    case 'phone':
      return 'account';
    case 'address':
      return 'address';
    case 'customerType':
    case 'purpose':
      return 'purpose';
    case 'cadSkills':
    case 'serviceTypes':
    case 'tellWhy':
      return 'skills';
    case 'skills': // designers choose skills on step 3; service providers' capabilities sit on step 4
      return role === 'designer' ? 'skills' : 'details';
    case 'answers':
    case 'softwareSkills':
    case 'softwareOwn':
    case 'otherExperience':
      return 'details';
    default:
      return 'presence';
  }
}

// ---- field groups

const roleSchema = z.enum(SIGNUP_ROLES, { error: m.roleRequired });

function accountShape(role: SignupRole) {
  return {
    email: emailSchema,
    password: newPasswordSchema,
    fullName: fullNameSchema,
    // phone is required for customers only (spec section 5)
    phone: role === 'customer' ? phoneSchema : optionalPhoneSchema,
  };
}

const addressShape = { address: addressSchema };

const customerPurposeShape = {
  customerType: z.enum(['business', 'personal'], { error: m.customerTypeRequired }),
  purpose: optionalChoicesSchema(customerPurposeOptions),
};

const designerSkillsShape = {
  skills: choicesSchema(designerSkillOptions, m.skillsRequired),
  cadSkills: choicesSchema(cadSkillOptions, m.cadSkillsRequired),
};

const serviceSkillsShape = {
  serviceTypes: choicesSchema(serviceTypeOptions, m.serviceTypesRequired),
  tellWhy: requiredText(m.tellWhyRequired, 1000, m.tellWhyTooLong),
};

export const onboardingAnswersSchema = z
  .array(
    z.object({
      questionId: z.string().min(1).max(64),
      answerIds: z.array(z.string().min(1).max(64)).max(50),
    }),
  )
  .max(200);

const customerDetailsShape = { answers: onboardingAnswersSchema.optional() };

const designerDetailsShape = {
  softwareSkills: choicesSchema(softwareOptions, m.softwareSkillsRequired),
  softwareOwn: choicesSchema(softwareOptions, m.softwareOwnRequired),
  otherExperience: optionalTextSchema(1000, m.otherExperienceTooLong),
};

const serviceDetailsShape = {
  skills: choicesSchema(serviceCapabilityOptions, m.capabilitiesRequired),
};

export const bioSchema = checkedText(m.bioRequired, (v) =>
  v === ''
    ? m.bioRequired
    : v.length < BIO_MIN_LENGTH
      ? m.bioTooShort
      : v.length > BIO_MAX_LENGTH
        ? m.bioTooLong
        : null,
);

export const eligibilitySchema = z.tuple(
  [
    z.literal(true, { error: m.eligibilityAgeRequired }),
    z.literal(true, { error: m.eligibilityOwnWorkRequired }),
    z.literal(true, { error: m.eligibilityOnPlatformRequired }),
  ],
  { error: m.eligibilityAgeRequired },
);

const presenceBaseShape = {
  websiteUrl: optionalWebAddressSchema,
  instagram: optionalSocialSchema,
  twitter: optionalSocialSchema,
  facebook: optionalSocialSchema,
};

const customerPresenceShape = {
  ...presenceBaseShape,
  shopifyUrl: optionalWebAddressSchema,
  acceptTerms: z.literal(true, { error: m.acceptTermsRequired }),
};

const designerPresenceShape = {
  ...presenceBaseShape,
  bio: bioSchema,
  portfolioLink: optionalWebAddressSchema,
  eligibility: eligibilitySchema,
};

const servicePresenceShape = {
  ...presenceBaseShape,
  bio: optionalTextSchema(BIO_MAX_LENGTH, m.bioTooLong),
  portfolioLink: optionalWebAddressSchema,
  eligibility: eligibilitySchema,
};

// ---- rules across fields

type Ctx = z.RefinementCtx;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Runs even when other fields failed, so a step shows all its messages at once. */
const alwaysRun = { when: (payload: { value: unknown }) => isRecord(payload.value) };

function addStateIssue(value: Record<string, unknown>, ctx: Ctx, hasStates?: HasStates) {
  if (!isRecord(value.address)) return;
  const message = stateIssue(value.address, hasStates);
  if (message) ctx.addIssue({ code: 'custom', path: ['address', 'state'], message });
}

function addShopifyIssue(value: Record<string, unknown>, ctx: Ctx) {
  const shopify = typeof value.shopifyUrl === 'string' ? value.shopifyUrl.trim() : '';
  if (shopify !== '' && value.customerType !== 'business')
    ctx.addIssue({ code: 'custom', path: ['shopifyUrl'], message: m.shopifyOnlyForBusiness });
}

function addPortfolioIssue(value: Record<string, unknown>, ctx: Ctx, portfolioImageCount = 0) {
  const link = typeof value.portfolioLink === 'string' ? value.portfolioLink.trim() : '';
  if (link === '' && portfolioImageCount <= 0)
    ctx.addIssue({ code: 'custom', path: ['portfolioLink'], message: m.portfolioRequired });
}

// ---- per step, for the wizard (each validates the whole form's values and reports only its own fields)

export function createSignupStepSchema(
  step: SignupStepId,
  role: SignupRole | undefined,
  options: SignupRuleOptions = {},
) {
  switch (step) {
    case 'role':
      return z.object({ role: roleSchema });
    case 'account':
      return z.object(accountShape(role ?? 'customer'));
    case 'address':
      return z
        .object(addressShape)
        .superRefine((v, ctx) => addStateIssue(v, ctx, options.hasStates), alwaysRun);
    case 'purpose':
      return z.object(customerPurposeShape);
    case 'skills':
      return z.object(role === 'service' ? serviceSkillsShape : designerSkillsShape);
    case 'details':
      return z.object(
        role === 'customer'
          ? customerDetailsShape
          : role === 'service'
            ? serviceDetailsShape
            : designerDetailsShape,
      );
    case 'presence':
      if (role === 'customer')
        return z
          .object({ ...customerPresenceShape, customerType: z.string().optional() })
          .superRefine((v, ctx) => addShopifyIssue(v, ctx), alwaysRun);
      if (role === 'service') return z.object(servicePresenceShape);
      return z
        .object(designerPresenceShape)
        .superRefine((v, ctx) => addPortfolioIssue(v, ctx, options.portfolioImageCount), alwaysRun);
  }
}

// ---- the whole body

export function createCustomerSignupSchema(options: SignupRuleOptions = {}) {
  return z
    .object({
      role: z.literal('customer'),
      ...accountShape('customer'),
      ...addressShape,
      ...customerPurposeShape,
      ...customerDetailsShape,
      ...customerPresenceShape,
    })
    .superRefine((v, ctx) => {
      addStateIssue(v, ctx, options.hasStates);
      addShopifyIssue(v, ctx);
    }, alwaysRun);
}

export function createDesignerSignupSchema(options: SignupRuleOptions = {}) {
  return z
    .object({
      role: z.literal('designer'),
      ...accountShape('designer'),
      ...addressShape,
      ...designerSkillsShape,
      ...designerDetailsShape,
      ...designerPresenceShape,
    })
    .superRefine((v, ctx) => {
      addStateIssue(v, ctx, options.hasStates);
      addPortfolioIssue(v, ctx, options.portfolioImageCount);
    }, alwaysRun);
}

export function createServiceSignupSchema(options: SignupRuleOptions = {}) {
  return z
    .object({
      role: z.literal('service'),
      ...accountShape('service'),
      ...addressShape,
      ...serviceSkillsShape,
      ...serviceDetailsShape,
      ...servicePresenceShape,
    })
    .superRefine((v, ctx) => addStateIssue(v, ctx, options.hasStates), alwaysRun);
}

/**
 * The whole sign-up body, per role. Fields that do not belong to the role are dropped.
 * The server should pass `{ hasStates, portfolioImageCount }` (multipart uploads count as portfolio).
 */
export function createSignupInputSchema(options: SignupRuleOptions = {}): z.ZodType<SignupInput, unknown> {
  return z.discriminatedUnion(
    'role',
    [
      createCustomerSignupSchema(options),
      createDesignerSignupSchema(options),
      createServiceSignupSchema(options),
    ],
    { error: m.roleRequired },
  );
}

/** The sign-up body with state shape only and no portfolio images (a designer then needs a portfolio link). */
export const signupInputSchema = createSignupInputSchema();
