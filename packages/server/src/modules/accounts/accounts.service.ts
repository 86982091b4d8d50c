import argon2 from 'argon2';
import { z } from 'zod';
import { emailSchema, fullNameSchema, newPasswordSchema } from '@facet/domain/rules';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import { isBlocked } from '../../platform/auth';
import type { Jobs } from '../../platform/jobs';
import type { FilesService } from '../../platform/files/files.service';
import { geo } from '../geo/geo.service';
import { users } from './accounts.tables';
import { accountsQueries, normaliseEmail, type UserRow } from './accounts.queries';
import { saveProProfile, type ProProfileValues } from './pro-profile.store';
import type { SessionStore } from './sessions.service';
import type { AuthThrottle } from './auth-throttle';
import { mailJob, sendMails } from '../../platform/mail/mail-job';
import { recordStaffAction } from '../../platform/audit/audit';

/** What other modules name of the accounts' parts (types only). */
export type { AuthThrottle, ProProfileValues, SessionStore };

export type Portal = 'customer' | 'designer' | 'service' | 'staff';

export interface Me {
  id: string;
  role: UserRow['role'];
  email: string;
  firstName: string;
  lastName: string;
  fullName: string;
  phone: string | null;
  status: UserRow['status'];
  isInactive: boolean;
  blocked: boolean;
  firstTimeLogin: boolean;
  questionsBanner: boolean;
  hasSkippedQuestions: boolean;
  avatarUrl: string | null;
  address: {
    country: string;
    countryName: string;
    state: string;
    stateName: string;
    city: string;
    street: string;
    zipcode: string;
  } | null;
  membership: { name: string };
  credits: { monthly: number; purchased: number; balance: number };
  cartCount: number;
  profileCompletePercent: number;
}

const portalPaths: Record<Portal, { who: string; path: string }> = {
  customer: { who: 'customers', path: '/login-user' },
  designer: { who: 'CAD designers', path: '/login-designer' },
  service: { who: 'service providers', path: '/login-service' },
  staff: { who: 'the production team', path: '/login-staff' },
};

/** The refusal a person sees on the wrong login page, naming the page that admits them. */
export function wrongPortalMessage(portal: Portal, role: Portal): string {
  const here = portalPaths[portal];
  const there = portalPaths[role];
  const who = there.who.charAt(0).toUpperCase() + there.who.slice(1);
  return `This login is for ${here.who}. ${who} sign in at ${there.path}.`;
}

export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const parts = fullName.trim().split(/\s+/);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes); a dummy hash keeps unknown emails as slow as known ones
const hashOptions = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
let dummyHash: Promise<string> | undefined;

/**
 * What modules above accounts add to an account's `/api/me`: billing its credits, the cart its count. They
 * plug them in when they are built (`addToMe`), so accounts imports neither (decision 071).
 */
export interface MeSources {
  credits(db: Db, userId: string): Promise<Me['credits']>;
  cartCount(db: Db, userId: string): Promise<number>;
}

const NO_CREDITS: Me['credits'] = { monthly: 0, purchased: 0, balance: 0 };

export const hashPassword = (password: string) => argon2.hash(password, hashOptions);

export interface AccountsDeps {
  db: Db;
  sessions: SessionStore;
  files: FilesService;
  jobs: Jobs;
  throttle: AuthThrottle;
}

export interface LoginInput {
  email: string;
  password: string;
  portal: Portal;
  userAgent?: string;
  oldToken?: string | null;
}

export function accountsService(deps: AccountsDeps) {
  const q = accountsQueries(deps.db);
  const meSources: Partial<MeSources> = {};
  /** Told after a decision leaves an account blocked (the realtime layer closes its sockets). */
  let accessEnded: ((userId: string) => void) | null = null;

  async function toMe(user: UserRow): Promise<Me> {
    const address = await q.addressOf(user.id);
    const profileComplete = user.role === 'customer' ? (user.questionsBanner ? 50 : 100) : 100;
    return {
      id: user.id,
      role: user.role,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      fullName: [user.firstName, user.lastName].filter(Boolean).join(' '),
      phone: user.phone,
      status: user.status,
      isInactive: user.isInactive,
      blocked: isBlocked(user),
      firstTimeLogin: user.firstTimeLogin,
      questionsBanner: user.questionsBanner && !user.hasSkippedQuestions,
      hasSkippedQuestions: user.hasSkippedQuestions,
      avatarUrl: user.avatarKey ? `/api/files/${user.avatarKey}` : null,
      address: address
        ? {
            country: address.country,
            countryName: geo.country(address.country)?.name ?? address.country,
            state: address.state,
            stateName: geo.stateName(address.country, address.state),
            city: address.city,
            street: address.street,
            zipcode: address.zipcode,
          }
        : null,
      membership: { name: user.membership },
      credits:
        user.role === 'customer' && meSources.credits
          ? await meSources.credits(deps.db, user.id)
          : NO_CREDITS,
      cartCount:
        user.role === 'customer' && meSources.cartCount ? await meSources.cartCount(deps.db, user.id) : 0,
      profileCompletePercent: profileComplete,
    };
  }

  return {
    toMe,
    /** A module above accounts supplies one part of `/api/me` (called once, when that module is built). */
    addToMe<K extends keyof MeSources>(part: K, source: MeSources[K]) {
      meSources[part] = source;
    },
    queries: q,
    saveProProfile: (userId: string, patch: ProProfileValues) => saveProProfile(deps.db, userId, patch),

    /** The membership name an account shows (the billing module sets it in its own transaction). */
    async setMembership(tx: Tx, userId: string, name: string) {
      await tx.update(users).set({ membership: name, updatedAt: new Date() }).where(eq(users.id, userId));
    },

    login: (input: LoginInput) => signIn(deps, q, toMe, input),

    async changePassword(
      user: UserRow,
      currentPassword: string,
      newPassword: string,
      keepToken: string | null,
    ) {
      const ok = await argon2.verify(user.passwordHash, currentPassword).catch(() => false);
      if (!ok) {
        throw new AppError('wrong_password', 'Current password is incorrect.', 400, {
          currentPassword: 'Current password is incorrect.',
        });
      }
      await q.updateUser(user.id, { passwordHash: await hashPassword(newPassword) });
      // other devices are signed out; this one stays
      await deps.sessions.revokeAllOf(user.id, keepToken ?? undefined);
    },

    async updateProfile(
      user: UserRow,
      patch: {
        firstName?: string;
        lastName?: string;
        phone?: string | null;
        firstTimeLogin?: boolean;
        address?: { country: string; state: string; city: string; street: string; zipcode: string };
      },
    ) {
      if (patch.address) {
        checkAddress(patch.address);
        await q.upsertAddress(user.id, patch.address);
      }
      const { address: _address, ...fields } = patch;
      const updated = Object.keys(fields).length ? await q.updateUser(user.id, fields) : user;
      return toMe(updated ?? user);
    },

    async setAvatar(user: UserRow, file: { name: string; bytes: Uint8Array }) {
      const row = await deps.files.store({ ownerId: user.id, purpose: 'avatar', ...file });
      const updated = await q.updateUser(user.id, { avatarKey: row.id });
      return toMe(updated ?? user);
    },

    /** The onboarding questions answered after sign-up (answers already checked against the tree). */
    async answerQuestions(user: UserRow, answers: { questionId: string; answerId: string }[]) {
      if (user.role !== 'customer')
        throw new AppError('forbidden', 'Only customers answer these questions.', 403);
      const updated = await q.replaceAnswers(user.id, answers);
      return toMe(updated ?? user);
    },

    async skipQuestions(user: UserRow) {
      await q.updateUser(user.id, { hasSkippedQuestions: true });
    },

    /** A staff decision on an account; `actor` null: the operator's command (decision 055). */
    async setStatus(actor: UserRow | null, userId: string, change: StatusChange) {
      const me = await setAccountStatus(deps, q, toMe, actor, userId, change);
      // deactivated (signed out already), held or inactive: its live connections end too
      if (me.blocked) accessEnded?.(userId);
      return me;
    },

    /**
     * Who is told when a decision leaves an account blocked (`null` to stop). In this process only: a
     * decision made elsewhere (the operator's command) reaches the sockets through the realtime layer's
     * own session check.
     */
    onAccessEnded(listener: ((userId: string) => void) | null) {
      accessEnded = listener;
    },

    async listAccounts(filter: { role?: UserRow['role']; status?: UserRow['status'] }) {
      const rows = await q.listByStatus(filter.role, filter.status);
      return Promise.all(rows.map(toMe));
    },
  };
}

type ToMe = (user: UserRow) => Promise<Me>;
type Queries = ReturnType<typeof accountsQueries>;
export interface StatusChange {
  status?: UserRow['status'];
  isInactive?: boolean;
  /** Why: kept with the decision and mailed; required to hold or deactivate an account. */
  reason?: string;
}

/** Sign-in: throttled per email, as slow for unknown emails, refused on the wrong portal; a new session each time. */
async function signIn(deps: AccountsDeps, q: Queries, toMe: ToMe, input: LoginInput) {
  // failures count per email, known or not, from whatever address they come
  const email = normaliseEmail(input.email);
  await deps.throttle.check('login', email);
  const user = await q.findByEmail(input.email);
  if (!user) {
    dummyHash ??= hashPassword('not-a-real-password-1A!');
    await argon2.verify(await dummyHash, input.password).catch(() => false);
    await deps.throttle.fail('login', email);
    throw new AppError('invalid_credentials', 'Invalid email or password.', 401);
  }
  const ok = await argon2.verify(user.passwordHash, input.password).catch(() => false);
  if (!ok) {
    await deps.throttle.fail('login', email);
    throw new AppError('invalid_credentials', 'Invalid email or password.', 401);
  }
  await deps.throttle.clear('login', email);
  if (user.role !== input.portal) {
    throw new AppError('wrong_portal', wrongPortalMessage(input.portal, user.role), 403);
  }
  // a new session id at every login: an old cookie (or a planted one) never carries over
  if (input.oldToken) await deps.sessions.revoke(input.oldToken);
  const session = await deps.sessions.create(user.id, input.userAgent);
  const current = user.firstTimeLogin
    ? ((await q.updateUser(user.id, { firstTimeLogin: false })) ?? user)
    : user;
  return { session, me: await toMe(current) };
}

/** A staff decision on an account (audited in the same transaction; the person is mailed of a new status). */
async function setAccountStatus(
  deps: AccountsDeps,
  q: Queries,
  toMe: ToMe,
  actor: UserRow | null,
  userId: string,
  change: StatusChange,
) {
  const target = await q.findById(userId);
  if (!target) throw notFound('That account');
  if (target.role === 'staff') throw new AppError('forbidden', 'Staff accounts cannot be changed here.', 403);
  if (change.status === 'pending') {
    throw new AppError('invalid_status', 'An account cannot be sent back to pending.', 400);
  }
  if (change.isInactive !== undefined && target.role !== 'customer') {
    throw new AppError('invalid_status', 'Only customer accounts can be marked inactive.', 400);
  }
  const reason = change.reason?.trim() || null;
  if ((change.status === 'hold' || change.status === 'deactivated') && !reason) {
    throw new AppError('validation_failed', 'Give a reason for this decision.', 400, {
      reason: 'Give a reason for this decision.',
    });
  }
  const to = change.status ?? target.status;
  await deps.db.transaction(async (tx) => {
    await q.setStatus(tx, {
      userId,
      actorId: actor?.id ?? null,
      from: target.status,
      to,
      isInactive: change.isInactive,
      reason,
    });
    // the decision and its audit row commit together (decision 038)
    await recordStaffAction(tx);
  });
  if (change.status && change.status !== target.status) {
    await sendMails(deps.jobs, [
      mailJob('accountStatus', target.email, {
        firstName: target.firstName,
        status: change.status,
        role: target.role,
        reason,
      }),
    ]);
  }
  return toMe((await q.findById(userId))!);
}

/**
 * A production team account made by the operator's command (`facet staff create`, decision 055): the
 * sign-up's rules for the email, the name and the password, its argon2id hash; active at once, without an
 * address. An email that has an account already is refused and nothing changes.
 */
export async function createStaffAccount(
  db: Db,
  input: { email: string; fullName: string; password: string },
): Promise<UserRow> {
  const parsed = staffAccountInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError('validation_failed', issue.message, 400, { [issue.path.join('.')]: issue.message });
  }
  const { email, fullName, password } = parsed.data;
  const q = accountsQueries(db);
  if (await q.findByEmail(email)) throw staffEmailTaken();
  const { firstName, lastName } = splitFullName(fullName);
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction((tx) =>
      q.insertAccount(tx, {
        user: {
          email,
          passwordHash,
          role: 'staff',
          status: 'active',
          firstName,
          lastName,
          firstTimeLogin: true,
        },
        address: null,
        profile: {},
        answers: [],
        portfolio: [],
      }),
    );
  } catch (error) {
    // the same email made between the look-up and the insert
    if ((await q.findByEmail(email)) !== undefined) throw staffEmailTaken();
    throw error;
  }
}

const staffAccountInput = z.object({
  email: emailSchema,
  fullName: fullNameSchema,
  password: newPasswordSchema,
});

const staffEmailTaken = () =>
  new AppError('email_taken', 'An account with this email already exists.', 409, {
    email: 'An account with this email already exists.',
  });

/** The address must name a real country, and a real state when that country has states. */
export function checkAddress(address: { country: string; state: string }) {
  if (!geo.country(address.country)) {
    throw new AppError('validation_failed', 'Choose a country from the list', 400, {
      'address.country': 'Choose a country from the list',
    });
  }
  const states = geo.states(address.country);
  if (states.length > 0 && !states.some((s) => s.code === address.state)) {
    const message = address.state ? 'Choose a state from the list' : 'State is required';
    throw new AppError('validation_failed', message, 400, { 'address.state': message });
  }
  if (states.length === 0) address.state = '';
}

export { normaliseEmail };
export type AccountsService = ReturnType<typeof accountsService>;
