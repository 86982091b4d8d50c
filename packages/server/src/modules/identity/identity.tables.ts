import { boolean, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { sessions, users } from '../accounts/accounts.tables';

/**
 * One sign-in through a provider, from the redirect to its end: the browser holds a random token in a cookie,
 * the row its SHA-256. Before the callback it keeps state, nonce and PKCE verifier; after it, what the
 * provider said of the person while sign-up or linking is still to be done, or the error to show.
 */
export const identityFlows = pgTable('identity_flows', {
  id: text('id').primaryKey(),
  tenant: text('tenant', { enum: ['customer', 'professional'] }).notNull(),
  portal: text('portal', { enum: ['customer', 'designer', 'service'] }).notNull(),
  stage: text('stage', { enum: ['authorize', 'signup', 'link', 'error'] }).notNull(),
  state: text('state').notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  issuer: text('issuer'),
  subject: text('subject'),
  email: text('email'),
  emailVerified: boolean('email_verified'),
  name: text('name'),
  /** The provider's tokens, sealed (a JWE, decision 068); never sent to the browser. */
  tokens: text('tokens'),
  errorCode: text('error_code'),
  errorMessage: text('error_message'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** A Facet account's identity at a provider: issuer and subject, one per tenant. */
export const identityLinks = pgTable(
  'identity_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenant: text('tenant', { enum: ['customer', 'professional'] }).notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('identity_links_subject_uq').on(t.issuer, t.subject),
    index('identity_links_user_idx').on(t.userId),
  ],
);

/** The provider's tokens behind one of our sessions (rotated refresh token, access token, ID token for logout). */
export const identitySessions = pgTable('identity_sessions', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  linkId: uuid('link_id')
    .notNull()
    .references(() => identityLinks.id, { onDelete: 'cascade' }),
  /** Sealed JSON (a JWE, decision 068): refresh token, access token and its expiry, ID token. */
  tokens: text('tokens').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
