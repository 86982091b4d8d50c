import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { onboardingAnswers, onboardingQuestions } from '../onboarding/onboarding.tables';

/** Every person who signs in: customers, CAD designers, service providers and staff. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['customer', 'designer', 'service', 'staff'] }).notNull(),
    status: text('status', { enum: ['active', 'pending', 'hold', 'deactivated'] })
      .notNull()
      .default('active'),
    isInactive: boolean('is_inactive').notNull().default(false),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    avatarKey: text('avatar_key'),
    firstTimeLogin: boolean('first_time_login').notNull().default(true),
    questionsBanner: boolean('questions_banner').notNull().default(false),
    hasSkippedQuestions: boolean('has_skipped_questions').notNull().default(false),
    membership: text('membership').notNull().default('Standard'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // the designers list: active pros of a role by name, a page at a time
    index('users_pro_list_idx').on(t.role, t.status, t.firstName, t.lastName, t.id),
    // its search: a substring of a name, by trigrams (pg_trgm)
    index('users_name_search_idx').using('gin', sql`${nameSearchText(t)} gin_trgm_ops`),
  ],
);

/**
 * What the designers search reads of a person's name and of a pro's profile: the fields with a unit
 * separator (U+001F) between them, so one trigram index serves them all and no match spans two fields.
 * The indexes are on these very expressions, so a query must build them here.
 */
export function nameSearchText(t: { firstName: unknown; lastName: unknown }): SQL {
  return sql`(${t.firstName} || chr(31) || ${t.lastName})`;
}
export function profileSearchText(t: {
  bio: unknown;
  skills: unknown;
  cadSkills: unknown;
  softwareSkills: unknown;
  serviceTypes: unknown;
}): SQL {
  return sql`(coalesce(${t.bio}, '') || chr(31) || ${t.skills}::text || chr(31) || ${t.cadSkills}::text || chr(31) || ${t.softwareSkills}::text || chr(31) || ${t.serviceTypes}::text)`;
}

export const addresses = pgTable('addresses', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  country: text('country').notNull(),
  state: text('state').notNull().default(''),
  city: text('city').notNull(),
  street: text('street').notNull(),
  zipcode: text('zipcode').notNull(),
});

/** What a person told us at sign-up: purpose, skills, online presence. One row per user. */
export const profiles = pgTable(
  'profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerType: text('customer_type', { enum: ['business', 'personal'] }),
    purpose: jsonb('purpose').$type<string[]>().notNull().default([]),
    skills: jsonb('skills').$type<string[]>().notNull().default([]),
    cadSkills: jsonb('cad_skills').$type<string[]>().notNull().default([]),
    softwareSkills: jsonb('software_skills').$type<string[]>().notNull().default([]),
    softwareOwn: jsonb('software_own').$type<string[]>().notNull().default([]),
    serviceTypes: jsonb('service_types').$type<string[]>().notNull().default([]),
    otherExperience: text('other_experience'),
    tellWhy: text('tell_why'),
    bio: text('bio'),
    portfolioLink: text('portfolio_link'),
    websiteUrl: text('website_url'),
    instagram: text('instagram'),
    twitter: text('twitter'),
    facebook: text('facebook'),
    shopifyUrl: text('shopify_url'),
    acceptedTermsAt: timestamp('accepted_terms_at', { withTimezone: true }),
    confirmedEligibilityAt: timestamp('confirmed_eligibility_at', { withTimezone: true }),
  },
  // the designers search: a substring of the bio or a skill, by trigrams (pg_trgm)
  (t) => [index('profiles_search_idx').using('gin', sql`${profileSearchText(t)} gin_trgm_ops`)],
);

export const portfolioImages = pgTable(
  'portfolio_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('portfolio_images_user_idx').on(t.userId)],
);

/** Server-side sessions: the cookie holds a random token, the row its SHA-256, so any node can serve any request. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Staff decisions on accounts (approve, hold, deactivate), kept for audit. */
export const accountStatusEvents = pgTable('account_status_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
  fromStatus: text('from_status').notNull(),
  toStatus: text('to_status').notNull(),
  /** Why staff decided it (mailed to the person); required for hold and deactivation. */
  reason: text('reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userAnswers = pgTable(
  'user_answers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => onboardingQuestions.id),
    answerId: text('answer_id')
      .notNull()
      .references(() => onboardingAnswers.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.answerId] })],
);

/**
 * Failed sign-ins (and sign-ups refused for an email already taken) per email, whatever the address they
 * came from: after 5 within 15 minutes the email is held for a growing while (1, 2, 4, 8, then 15 minutes).
 */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    kind: text('kind', { enum: ['login', 'signup'] }).notNull(),
    email: text('email').notNull(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.email] }), index('auth_throttle_last_idx').on(t.lastFailureAt)],
);
