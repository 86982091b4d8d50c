import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { addresses, portfolioImages, profiles, users } from './accounts.tables';

/**
 * What other modules may read of accounts (decision 019): plain functions over the accounts' tables. A
 * leaf file: it imports nothing from another module, so a read never makes a cycle between modules.
 */

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type PersonRow = Pick<
  UserRow,
  'id' | 'role' | 'status' | 'email' | 'firstName' | 'lastName' | 'avatarKey' | 'phone'
>;
export type ProRole = 'designer' | 'service';

const personColumns = {
  id: users.id,
  role: users.role,
  status: users.status,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarKey: users.avatarKey,
  phone: users.phone,
};

/** People by id: names, role, status, email, avatar and phone (never the password hash). */
export async function peopleByIds(
  db: Db | Tx,
  ids: readonly (string | null | undefined)[],
): Promise<PersonRow[]> {
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (unique.length === 0) return [];
  return db.select(personColumns).from(users).where(inArray(users.id, unique));
}

export async function personById(db: Db | Tx, id: string): Promise<PersonRow | undefined> {
  return (await peopleByIds(db, [id]))[0];
}

/** Designers and service providers as the pro cards and profiles read them. */
export interface ProSearch {
  role: ProRole;
  q?: string;
  skill?: string;
  /** These pros come first (e.g. the ones invited to a project). */
  firstIds?: string[];
  page: number;
  pageSize: number;
}

function proConditions(search: Pick<ProSearch, 'role' | 'q' | 'skill'>) {
  const conditions: (SQL | undefined)[] = [eq(users.role, search.role), eq(users.status, 'active')];
  if (search.q) {
    const like = `%${search.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(users.firstName, like),
        ilike(users.lastName, like),
        ilike(profiles.bio, like),
        sql`${profiles.skills}::text ilike ${like}`,
        sql`${profiles.cadSkills}::text ilike ${like}`,
        sql`${profiles.softwareSkills}::text ilike ${like}`,
        sql`${profiles.serviceTypes}::text ilike ${like}`,
      ),
    );
  }
  if (search.skill) {
    const one = JSON.stringify([search.skill]);
    conditions.push(
      or(
        sql`${profiles.skills} @> ${one}::jsonb`,
        sql`${profiles.cadSkills} @> ${one}::jsonb`,
        sql`${profiles.softwareSkills} @> ${one}::jsonb`,
        sql`${profiles.serviceTypes} @> ${one}::jsonb`,
      ),
    );
  }
  return and(...conditions);
}

/** One page of active pros matching the search, and how many match in all. */
export async function searchPros(db: Db, search: ProSearch) {
  const where = proConditions(search);
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(where);
  const first = search.firstIds?.length ? desc(inArray(users.id, search.firstIds)) : undefined;
  const rows = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(where)
    .orderBy(
      ...[first, asc(users.firstName), asc(users.lastName), asc(users.id)].filter((o): o is SQL =>
        Boolean(o),
      ),
    )
    .limit(search.pageSize)
    .offset((search.page - 1) * search.pageSize);
  return { total, rows };
}

/**
 * Every skill the active pros of a role list (the designers filter's choices), from one statement:
 * a service provider's service types and skills, a designer's skills, software and CAD skills.
 */
export async function proSkillChoices(db: Db, role: ProRole): Promise<string[]> {
  const lists =
    role === 'service'
      ? sql`${profiles.serviceTypes} || ${profiles.skills}`
      : sql`${profiles.skills} || ${profiles.softwareSkills} || ${profiles.cadSkills}`;
  const rows = await db
    .selectDistinct({ skill: sql<string>`jsonb_array_elements_text(${lists})` })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.role, role), eq(users.status, 'active')));
  return rows.map((r) => r.skill);
}

/** Every active pro of a role with their profile (for ranking). */
export function activePros(db: Db, role: ProRole) {
  return db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.role, role), eq(users.status, 'active')));
}

/** A pro with profile and address, whatever their status (the caller decides who may see it). */
export async function proWithProfile(db: Db, id: string) {
  const [row] = await db
    .select({ user: users, profile: profiles, address: addresses })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(addresses, eq(addresses.userId, users.id))
    .where(and(eq(users.id, id), inArray(users.role, ['designer', 'service'])));
  return row;
}

export function portfolioOf(db: Db, userId: string) {
  return db
    .select()
    .from(portfolioImages)
    .where(eq(portfolioImages.userId, userId))
    .orderBy(asc(portfolioImages.createdAt));
}
