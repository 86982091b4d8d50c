import { and, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  accountStatusEvents,
  addresses,
  portfolioImages,
  profiles,
  sessions,
  userAnswers,
  users,
} from './accounts.tables';

import type { UserRow } from './accounts.reads';

export type { UserRow };
export type AddressRow = typeof addresses.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type NewProfile = typeof profiles.$inferInsert;
export type NewAddress = Omit<typeof addresses.$inferInsert, 'userId'>;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function accountsQueries(db: Db) {
  return {
    findByEmail: async (email: string) =>
      (
        await db
          .select()
          .from(users)
          .where(eq(users.email, normaliseEmail(email)))
          .limit(1)
      )[0],

    /** How many accounts there are (the operator's seed-demo fills only a database without any). */
    count: async () => (await db.select({ n: count() }).from(users))[0]?.n ?? 0,

    findById: async (id: string) => (await db.select().from(users).where(eq(users.id, id)).limit(1))[0],

    addressOf: async (userId: string) =>
      (await db.select().from(addresses).where(eq(addresses.userId, userId)).limit(1))[0],

    profileOf: async (userId: string) =>
      (await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1))[0],

    async insertAccount(
      tx: Tx,
      input: {
        user: NewUser;
        /** None for a staff account made by the operator's command (staff have no sign-up address). */
        address: NewAddress | null;
        profile: Omit<NewProfile, 'userId'>;
        answers: { questionId: string; answerId: string }[];
        portfolio: { fileKey: string; name: string; contentType: string; sizeBytes: number }[];
      },
    ) {
      const [user] = await tx.insert(users).values(input.user).returning();
      if (!user) throw new Error('insert returned no user');
      if (input.address) await tx.insert(addresses).values({ ...input.address, userId: user.id });
      await tx.insert(profiles).values({ ...input.profile, userId: user.id });
      if (input.answers.length) {
        await tx.insert(userAnswers).values(input.answers.map((a) => ({ ...a, userId: user.id })));
      }
      if (input.portfolio.length) {
        await tx.insert(portfolioImages).values(input.portfolio.map((p) => ({ ...p, userId: user.id })));
      }
      return user;
    },

    /** Replaces a customer's onboarding answers and hides the profile banner, in one transaction. */
    replaceAnswers: (userId: string, answers: { questionId: string; answerId: string }[]) =>
      db.transaction(async (tx) => {
        await tx.delete(userAnswers).where(eq(userAnswers.userId, userId));
        if (answers.length) await tx.insert(userAnswers).values(answers.map((a) => ({ ...a, userId })));
        const [user] = await tx
          .update(users)
          .set({ questionsBanner: false })
          .where(eq(users.id, userId))
          .returning();
        return user;
      }),

    updateUser: async (id: string, patch: Partial<NewUser>) =>
      (
        await db
          .update(users)
          .set({ ...patch, updatedAt: sql`now()` })
          .where(eq(users.id, id))
          .returning()
      )[0],

    upsertAddress: (userId: string, address: NewAddress) =>
      db
        .insert(addresses)
        .values({ ...address, userId })
        .onConflictDoUpdate({ target: addresses.userId, set: address }),

    async setStatus(
      tx: Tx,
      input: {
        userId: string;
        /** None: the operator's command (decision 055). */
        actorId: string | null;
        from: string;
        to: UserRow['status'];
        isInactive?: boolean;
        reason?: string | null;
      },
    ) {
      await tx
        .update(users)
        .set({
          status: input.to,
          ...(input.isInactive === undefined ? {} : { isInactive: input.isInactive }),
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, input.userId));
      await tx.insert(accountStatusEvents).values({
        userId: input.userId,
        actorId: input.actorId,
        fromStatus: input.from,
        toStatus: input.to,
        reason: input.reason ?? null,
      });
      // a deactivated account is signed out everywhere, in the same transaction as the decision
      if (input.to === 'deactivated') await tx.delete(sessions).where(eq(sessions.userId, input.userId));
    },

    listByStatus: (role: UserRow['role'] | undefined, status: UserRow['status'] | undefined) =>
      db
        .select()
        .from(users)
        .where(and(role ? eq(users.role, role) : undefined, status ? eq(users.status, status) : undefined))
        .orderBy(users.createdAt)
        .limit(200),

    portfolioOf: (userId: string) =>
      db
        .select()
        .from(portfolioImages)
        .where(eq(portfolioImages.userId, userId))
        .orderBy(portfolioImages.createdAt),
  };
}

export type AccountsQueries = ReturnType<typeof accountsQueries>;
