import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, users } from './accounts.tables';

/** What a pro edits on their profile page; `link` is the profile's website, `phone` the account's. */
export interface ProProfileValues {
  bio?: string;
  skills?: string[];
  softwareSkills?: string[];
  softwareOwn?: string[];
  cadSkills?: string[];
  serviceTypes?: string[];
  portfolioLink?: string | null;
  link?: string | null;
  phone?: string | null;
}

/** Saves a pro's profile fields and phone in one transaction (the designers module checks them first). */
export async function saveProProfile(db: Db, userId: string, patch: ProProfileValues) {
  const { phone, link, ...rest } = patch;
  await db.transaction(async (tx) => {
    const values = { ...rest, ...(link !== undefined ? { websiteUrl: link } : {}) };
    if (Object.keys(values).length > 0) {
      await tx
        .insert(profiles)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: profiles.userId, set: values });
    }
    if (phone !== undefined)
      await tx.update(users).set({ phone, updatedAt: new Date() }).where(eq(users.id, userId));
  });
}
