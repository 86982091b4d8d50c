import {
  and,
  asc,
  avg,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  isNotNull,
  min,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { cardTags, formatRating, formatResponseRate, median, responseTimeText } from '@facet/domain/format';
import { accountMessages, BIO_MAX_LENGTH, bioSchema } from '@facet/domain/rules';
import type { Db } from '../../db/client';
import { addresses, portfolioImages, profiles, users } from '../accounts/accounts.tables';
import { chatMessages, chatRooms } from '../chat/chat.tables';
import { invitations, projectItems, projects } from '../projects/projects.tables';
import { ratings } from '../ratings/ratings.tables';
import { AppError, notFound } from '../../platform/errors';
import type { UserRow } from '../accounts/accounts.queries';
import { loadPeople, proLabel, toPerson } from '../projects/projects.people';
import type { ProjectsService } from '../projects/projects.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type ProRole = 'designer' | 'service';

export interface ListDesignersQuery {
  role: ProRole;
  q?: string;
  skill?: string;
  projectId?: string;
  page: number;
  pageSize: number;
}

export interface ProfilePatch {
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

/**
 * Spec section 5: a designer's bio is required, 100 to 250 characters ('A short bio is required'); a
 * service provider's is optional, at most 250. Returns the trimmed bio or throws with the rule's message.
 */
function checkBio(role: UserRow['role'], bio: string): string {
  const trimmed = bio.trim();
  const problem =
    role === 'designer'
      ? (bioSchema.safeParse(trimmed).error?.issues[0]?.message ?? null)
      : trimmed.length > BIO_MAX_LENGTH
        ? accountMessages.bioTooLong
        : null;
  if (problem) throw new AppError('validation_failed', problem, 400, { bio: problem });
  return trimmed;
}

/** Designer and service provider cards and profiles; ratings and response figures are measured, never typed in. */
export function designersService(deps: { db: Db; projects: ProjectsService }) {
  const { db } = deps;

  /** Rating, response rate and time, completed and active projects of these pros. */
  async function stats(ids: string[]) {
    const empty = {
      rating: null as number | null,
      ratingCount: 0,
      invited: 0,
      answered: 0,
      medianMs: null as number | null,
      completed: 0,
      active: 0,
    };
    const result = new Map(ids.map((id) => [id, { ...empty }]));
    if (ids.length === 0) return result;
    const ratingRows = await db
      .select({ proId: ratings.proId, average: avg(ratings.stars), n: count() })
      .from(ratings)
      .where(inArray(ratings.proId, ids))
      .groupBy(ratings.proId);
    for (const r of ratingRows)
      Object.assign(result.get(r.proId)!, {
        rating: r.average === null ? null : Number(r.average),
        ratingCount: r.n,
      });
    const inviteRows = await db
      .select({
        proId: invitations.proId,
        projectId: invitations.projectId,
        invitedAt: invitations.invitedAt,
        quotedAt: invitations.quotedAt,
        refusedBy: invitations.refusedBy,
        answeredAt: invitations.answeredAt,
      })
      .from(invitations)
      .where(inArray(invitations.proId, ids));
    // the pro's first message in the project's conversation is an answer too (measured, never typed in)
    const firstMessages = await db
      .select({ projectId: chatRooms.projectId, proId: chatRooms.proId, at: min(chatMessages.createdAt) })
      .from(chatMessages)
      .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
      .where(and(inArray(chatRooms.proId, ids), eq(chatMessages.fromId, chatRooms.proId)))
      .groupBy(chatRooms.projectId, chatRooms.proId);
    const firstMessageAt = new Map(firstMessages.map((m) => [`${m.projectId}:${m.proId}`, m.at]));
    const durations = new Map<string, number[]>();
    for (const row of inviteRows) {
      const s = result.get(row.proId)!;
      s.invited += 1;
      // an answer is an offer, turning the invitation down, or a first message in the conversation: the earliest
      const candidates = [
        row.quotedAt,
        row.refusedBy === 'pro' ? row.answeredAt : null,
        firstMessageAt.get(`${row.projectId}:${row.proId}`) ?? null,
      ].filter((d): d is Date => d instanceof Date && d.getTime() >= row.invitedAt.getTime());
      const answeredAt = candidates.length ? new Date(Math.min(...candidates.map((d) => d.getTime()))) : null;
      if (answeredAt) {
        s.answered += 1;
        const list = durations.get(row.proId) ?? [];
        list.push(answeredAt.getTime() - row.invitedAt.getTime());
        durations.set(row.proId, list);
      }
    }
    for (const [id, list] of durations) result.get(id)!.medianMs = median(list);
    const projectRows = await db
      .select({
        proId: projects.proId,
        completed: sql<number>`count(*) filter (where ${projects.completed})::int`,
        active: sql<number>`count(*) filter (where not ${projects.completed})::int`,
      })
      .from(projects)
      .where(inArray(projects.proId, ids))
      .groupBy(projects.proId);
    for (const r of projectRows)
      if (r.proId) Object.assign(result.get(r.proId)!, { completed: r.completed, active: r.active });
    return result;
  }

  async function cards(
    rows: { user: typeof users.$inferSelect; profile: typeof profiles.$inferSelect | null }[],
    invitedStatus: Map<string, string>,
  ) {
    const figures = await stats(rows.map((r) => r.user.id));
    return rows.map(({ user, profile }) => {
      const f = figures.get(user.id)!;
      const person = toPerson(user);
      const responseRate = f.invited > 0 ? Math.round((f.answered / f.invited) * 10_000) / 100 : null;
      const role = user.role as ProRole;
      return {
        id: user.id,
        role,
        firstName: user.firstName,
        lastName: user.lastName,
        name: person.shortName,
        label: proLabel(role) as 'CAD Designer' | 'Service Provider',
        avatarUrl: person.avatarUrl,
        rating: f.rating === null ? null : Math.round(f.rating * 100) / 100,
        ratingText: formatRating(f.rating),
        ratingCount: f.ratingCount,
        completedCount: f.completed,
        tags: cardTags(profile?.skills ?? [], profile?.softwareSkills ?? [], profile?.cadSkills ?? []),
        serviceTypes: profile?.serviceTypes ?? [],
        responseRate,
        responseRateText: formatResponseRate(responseRate),
        responseTime: responseTimeText(f.medianMs),
        invited: invitedStatus.has(user.id),
        invitationStatus: (invitedStatus.get(user.id) ?? null) as
          'pending' | 'quoted' | 'accepted' | 'refused' | null,
        activeProjects: f.active,
        availability: (f.active === 0 ? 'Available now' : f.active <= 2 ? 'Limited availability' : 'Busy') as
          'Available now' | 'Limited availability' | 'Busy',
      };
    });
  }
  type Card = Awaited<ReturnType<typeof cards>>[number];

  async function invitedOn(projectId: string | undefined) {
    if (!projectId) return new Map<string, string>();
    const rows = await db
      .select({ proId: invitations.proId, status: invitations.status })
      .from(invitations)
      .where(eq(invitations.projectId, projectId));
    return new Map(rows.map((r) => [r.proId, r.status]));
  }

  async function profileOf(viewer: UserRow, id: string) {
    if (!UUID.test(id)) throw notFound('Designer');
    const [row] = await db
      .select({ user: users, profile: profiles, address: addresses })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .leftJoin(addresses, eq(addresses.userId, users.id))
      .where(and(eq(users.id, id), inArray(users.role, ['designer', 'service'])));
    if (!row) throw notFound('Designer');
    const self = viewer.id === id;
    if (!self && viewer.role !== 'staff' && row.user.status !== 'active') throw notFound('Designer');
    const [card] = await cards([{ user: row.user, profile: row.profile }], new Map());
    const portfolio = await db
      .select()
      .from(portfolioImages)
      .where(eq(portfolioImages.userId, id))
      .orderBy(asc(portfolioImages.createdAt));
    const ratingRows = await db
      .select()
      .from(ratings)
      .where(eq(ratings.proId, id))
      .orderBy(desc(ratings.createdAt))
      .limit(50);
    const customers = await loadPeople(
      db,
      ratingRows.map((r) => r.customerId),
    );
    const private_ = self || viewer.role === 'staff';
    return {
      ...card!,
      bio: row.profile?.bio ?? null,
      skills: row.profile?.skills ?? [],
      softwareSkills: row.profile?.softwareSkills ?? [],
      softwareOwn: row.profile?.softwareOwn ?? [],
      cadSkills: row.profile?.cadSkills ?? [],
      portfolioLink: row.profile?.portfolioLink ?? null,
      portfolio: portfolio.map((p) => ({ id: p.id, name: p.name, url: `/api/files/${p.fileKey}` })),
      phone: private_ ? row.user.phone : null,
      link: private_ ? (row.profile?.websiteUrl ?? null) : null,
      address: row.address
        ? { city: row.address.city, state: row.address.state, country: row.address.country }
        : null,
      ratings: ratingRows.map((r) => ({
        id: r.id,
        stars: r.stars,
        review: r.review,
        createdAt: r.createdAt.toISOString(),
        customer: customers.get(r.customerId)!,
      })),
      memberSince: row.user.createdAt.toISOString(),
    };
  }

  return {
    stats,

    async list(viewer: UserRow, query: ListDesignersQuery) {
      if (query.projectId) await deps.projects.access(db, viewer, query.projectId);
      const conditions: (SQL | undefined)[] = [eq(users.role, query.role), eq(users.status, 'active')];
      if (query.q) {
        const like = `%${query.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
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
      if (query.skill) {
        const one = JSON.stringify([query.skill]);
        conditions.push(
          or(
            sql`${profiles.skills} @> ${one}::jsonb`,
            sql`${profiles.cadSkills} @> ${one}::jsonb`,
            sql`${profiles.softwareSkills} @> ${one}::jsonb`,
            sql`${profiles.serviceTypes} @> ${one}::jsonb`,
          ),
        );
      }
      const where = and(...conditions);
      const [{ total } = { total: 0 }] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(where);
      const invitedFirst = query.projectId
        ? desc(
            exists(
              db
                .select({ one: sql`1` })
                .from(invitations)
                .where(and(eq(invitations.projectId, query.projectId), eq(invitations.proId, users.id))),
            ),
          )
        : undefined;
      const rows = await db
        .select({ user: users, profile: profiles })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(where)
        .orderBy(
          ...[invitedFirst, asc(users.firstName), asc(users.lastName), asc(users.id)].filter((o): o is SQL =>
            Boolean(o),
          ),
        )
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      const all = await db
        .select({
          skills: profiles.skills,
          cad: profiles.cadSkills,
          software: profiles.softwareSkills,
          types: profiles.serviceTypes,
        })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(and(eq(users.role, query.role), eq(users.status, 'active')));
      const skills = [
        ...new Set(
          all.flatMap((r) =>
            query.role === 'service' ? [...r.types, ...r.skills] : [...r.skills, ...r.software, ...r.cad],
          ),
        ),
      ].sort((a, b) => a.localeCompare(b));
      return { designers: await cards(rows, await invitedOn(query.projectId)), total, skills };
    },

    profile: profileOf,

    async updateMine(viewer: UserRow, patch: ProfilePatch) {
      if (viewer.role !== 'designer' && viewer.role !== 'service')
        throw new AppError('forbidden', 'Only designers and service providers have a profile.', 403);
      if (patch.bio !== undefined) patch = { ...patch, bio: checkBio(viewer.role, patch.bio) };
      const { phone, link, ...rest } = patch;
      await db.transaction(async (tx) => {
        const values = { ...rest, ...(link !== undefined ? { websiteUrl: link } : {}) };
        if (Object.keys(values).length > 0) {
          await tx
            .insert(profiles)
            .values({ userId: viewer.id, ...values })
            .onConflictDoUpdate({ target: profiles.userId, set: values });
        }
        if (phone !== undefined)
          await tx.update(users).set({ phone, updatedAt: new Date() }).where(eq(users.id, viewer.id));
      });
      return profileOf(viewer, viewer.id);
    },

    /** Three pros ranked by fit: skills against the items' category and type, rating, response rate, availability. */
    async recommend(viewer: UserRow, projectId: string) {
      const a = await deps.projects.access(db, viewer, projectId);
      if (a.actor !== 'owner' && a.actor !== 'staff')
        throw new AppError('forbidden', 'You are not allowed to do that.', 403);
      const items = await db.select().from(projectItems).where(eq(projectItems.projectId, projectId));
      const wanted = [
        ...new Set(
          items
            .flatMap((i) => [i.category, i.itemType, ...i.tags])
            .filter((v): v is string => Boolean(v))
            .map((v) => v.toLowerCase()),
        ),
      ];
      const role: ProRole = a.project.service ? 'service' : 'designer';
      const invited = await invitedOn(projectId);
      const rows = await db
        .select({ user: users, profile: profiles })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(and(eq(users.role, role), eq(users.status, 'active'), isNotNull(users.id)));
      const candidates = rows.filter((r) => !invited.has(r.user.id));
      const list = await cards(candidates, new Map());
      const scored = list.map((card: Card, index) => {
        const profile = candidates[index]!.profile;
        const skills = [
          ...(profile?.skills ?? []),
          ...(profile?.cadSkills ?? []),
          ...(profile?.serviceTypes ?? []),
        ].map((s) => s.toLowerCase());
        const matches = wanted.filter((w) => skills.some((s) => s.includes(w) || w.includes(s)));
        const skillScore = wanted.length > 0 ? matches.length / wanted.length : 0;
        const ratingScore = card.rating === null ? 0.5 : card.rating / 5;
        const rateScore = card.responseRate === null ? 0.5 : card.responseRate / 100;
        const availabilityScore = card.activeProjects === 0 ? 1 : card.activeProjects <= 2 ? 0.5 : 0;
        const score = 3 * skillScore + 1.5 * ratingScore + rateScore + availabilityScore;
        const fitReasons = [
          ...(matches.length > 0 ? [`Skilled in ${matches.slice(0, 3).join(', ')}`] : []),
          ...(card.rating !== null
            ? [`Rated ${card.ratingText} by ${card.ratingCount} customer${card.ratingCount === 1 ? '' : 's'}`]
            : []),
          ...(card.responseRate !== null ? [`Answers ${card.responseRateText} of invitations`] : []),
          card.availability,
        ];
        return { card: { ...card, fitReasons }, score };
      });
      scored.sort((x, y) => y.score - x.score || x.card.firstName.localeCompare(y.card.firstName));
      return scored.slice(0, 3).map((s) => s.card);
    },
  };
}

export type DesignersService = ReturnType<typeof designersService>;
