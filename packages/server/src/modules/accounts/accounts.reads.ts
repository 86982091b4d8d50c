import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import {
  accountStatusEvents,
  addresses,
  nameSearchText,
  portfolioImages,
  profiles,
  profileSearchText,
  users,
} from './accounts.tables';

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

/** The person with this email (stored trimmed and lower case, as sign-up keeps it): whom a mail is for. */
export async function personByEmail(db: Db | Tx, email: string): Promise<PersonRow | undefined> {
  const rows = await db
    .select(personColumns)
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return rows[0];
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

/** Between the fields of a search text (no name, profile field or search has it). */
const SEARCH_SEPARATOR = '\u001f';

/**
 * The search: a name, the bio or a skill contains the words, any case (LIKE wildcards escaped). The
 * people whose name matches and the pros whose profile matches are each found by a trigram index, and
 * the list keeps the pros in either set.
 */
function searchCondition(db: Db | Tx, q: string): SQL {
  if (q.includes(SEARCH_SEPARATOR)) return sql`false`;
  const like = `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const named = alias(users, 'named');
  const described = alias(profiles, 'described');
  return or(
    inArray(
      users.id,
      db
        .select({ id: named.id })
        .from(named)
        .where(sql`${nameSearchText(named)} ilike ${like}`),
    ),
    inArray(
      users.id,
      db
        .select({ id: described.userId })
        .from(described)
        .where(sql`${profileSearchText(described)} ilike ${like}`),
    ),
  )!;
}

function skillCondition(skill: string): SQL {
  const one = JSON.stringify([skill]);
  return or(
    sql`${profiles.skills} @> ${one}::jsonb`,
    sql`${profiles.cadSkills} @> ${one}::jsonb`,
    sql`${profiles.softwareSkills} @> ${one}::jsonb`,
    sql`${profiles.serviceTypes} @> ${one}::jsonb`,
  )!;
}

function proConditions(db: Db | Tx, search: Pick<ProSearch, 'role' | 'q' | 'skill'>) {
  const conditions: (SQL | undefined)[] = [eq(users.role, search.role), eq(users.status, 'active')];
  if (search.q) conditions.push(searchCondition(db, search.q));
  if (search.skill) conditions.push(skillCondition(search.skill));
  return and(...conditions);
}

/** One page of active pros matching the search, and how many match in all. */
export async function searchPros(db: Db, search: ProSearch) {
  const where = proConditions(db, search);
  // only the skill filter reads the profile: without it the count is one walk of users_pro_list_idx
  const counted = db.select({ total: sql<number>`count(*)::int` }).from(users);
  const [{ total } = { total: 0 }] = await (search.skill
    ? counted.leftJoin(profiles, eq(profiles.userId, users.id)).where(where)
    : counted.where(where));
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

/** The operations console's people search: any role but staff, by name or email, role, status, inactivity. */
export interface PeopleSearch {
  q?: string;
  role?: 'customer' | 'designer' | 'service';
  status?: UserRow['status'];
  inactive?: boolean;
  page: number;
  pageSize: number;
}

/** One page of people (with profile and address), oldest pending first, then newest; and how many match. */
export async function searchPeople(db: Db, search: PeopleSearch) {
  const conditions: (SQL | undefined)[] = [
    search.role ? eq(users.role, search.role) : inArray(users.role, ['customer', 'designer', 'service']),
    search.status ? eq(users.status, search.status) : undefined,
    search.inactive === undefined ? undefined : eq(users.isInactive, search.inactive),
  ];
  if (search.q) {
    const like = `%${search.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(users.firstName, like),
        ilike(users.lastName, like),
        ilike(users.email, like),
        sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${like}`,
      ),
    );
  }
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(where);
  const rows = await db
    .select({ user: users, profile: profiles, address: addresses })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(addresses, eq(addresses.userId, users.id))
    .where(where)
    .orderBy(
      // pending reviews first, the longest waiting at the top; then everyone else, newest first
      sql`case when ${users.status} = 'pending' then 0 else 1 end`,
      sql`case when ${users.status} = 'pending' then ${users.createdAt} end asc`,
      desc(users.createdAt),
      asc(users.id),
    )
    .limit(search.pageSize)
    .offset((search.page - 1) * search.pageSize);
  return { total, rows };
}

/** Staff decisions on these people (newest first), with their reasons. */
export function statusEventsOf(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(accountStatusEvents)
    .where(inArray(accountStatusEvents.userId, [...userIds]))
    .orderBy(desc(accountStatusEvents.createdAt));
}

/** Portfolio images of several people at once. */
export function portfoliosOf(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(portfolioImages)
    .where(inArray(portfolioImages.userId, [...userIds]))
    .orderBy(asc(portfolioImages.createdAt));
}

/** Designers and service providers waiting for the production team's review. */
export async function pendingProCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.status, 'pending'), inArray(users.role, ['designer', 'service'])));
  return row?.n ?? 0;
}

/** The production team members who join every project (the first three active staff accounts). */
export function activeProductionTeam(db: Db | Tx) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.role, 'staff'), eq(users.status, 'active')))
    .orderBy(asc(users.createdAt))
    .limit(3);
}
