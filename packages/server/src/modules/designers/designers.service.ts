import { cardTags, formatRating, formatResponseRate, median, responseTimeText } from '@facet/domain/format';
import { accountMessages, BIO_MAX_LENGTH, bioSchema, isUuid } from '@facet/domain/rules';
import type { Db } from '../../db/client';
import {
  activePros,
  portfolioOf,
  proSkillChoices,
  proWithProfile,
  searchPros,
  type ProfileRow,
  type ProRole,
  type UserRow,
} from '../accounts/accounts.reads';
import type { AccountsService } from '../accounts/accounts.service';
import { firstMessagesOfPros } from '../chat/chat.reads';
import {
  invitationsOfProject,
  invitationsOfPros,
  itemsOfProject,
  projectCountsByPro,
} from '../projects/projects.reads';
import { ratingAverages, ratingsOfPro } from '../ratings/ratings.reads';
import { AppError, notFound } from '../../platform/errors';
import { loadPeople, proLabel, toPerson } from '../accounts/people.reads';
import type { ProjectsService } from '../projects/projects.service';

export interface ListDesignersQuery {
  role: ProRole;
  q?: string;
  skill?: string;
  projectId?: string;
  page: number;
  pageSize: number;
}

import type { ProProfileValues as ProfilePatch } from '../accounts/accounts.service';
export type { ProfilePatch };

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

type Figures = {
  rating: number | null;
  ratingCount: number;
  invited: number;
  answered: number;
  medianMs: number | null;
  completed: number;
  active: number;
};

/** How long a pro has to answer an invitation before an unanswered one lowers their response rate. */
export const ANSWER_WINDOW_MS = 48 * 3_600_000;

/** Rating, response rate and time, completed and active projects of these pros. */
async function stats(db: Db, ids: string[]) {
  const empty: Figures = {
    rating: null,
    ratingCount: 0,
    invited: 0,
    answered: 0,
    medianMs: null,
    completed: 0,
    active: 0,
  };
  const result = new Map(ids.map((id) => [id, { ...empty }]));
  if (ids.length === 0) return result;
  for (const r of await ratingAverages(db, ids))
    Object.assign(result.get(r.proId)!, { rating: r.average, ratingCount: r.count });
  const inviteRows = await invitationsOfPros(db, ids);
  // the pro's first message in the project's conversation is an answer too (measured, never typed in)
  const firstMessages = await firstMessagesOfPros(db, ids);
  const firstMessageAt = new Map(firstMessages.map((m) => [`${m.projectId}:${m.proId}`, m.at]));
  const durations = new Map<string, number[]>();
  const now = Date.now();
  for (const row of inviteRows) {
    const s = result.get(row.proId)!;
    // an answer is an offer, turning the invitation down, or a first message in the conversation: the earliest
    const candidates = [
      row.quotedAt,
      row.refusedBy === 'pro' ? row.answeredAt : null,
      firstMessageAt.get(`${row.projectId}:${row.proId}`) ?? null,
    ].filter((d): d is Date => d instanceof Date && d.getTime() >= row.invitedAt.getTime());
    const answeredAt = candidates.length ? new Date(Math.min(...candidates.map((d) => d.getTime()))) : null;
    // an unanswered invitation counts against the pro only once its answer window has passed while it was
    // open (closed by the customer's choice or the project's cancellation before that, it was never the
    // pro's to miss)
    const closedAt =
      row.status === 'refused' && row.refusedBy !== 'pro' ? row.answeredAt : row.projectCancelledAt;
    const openFor = (closedAt?.getTime() ?? now) - row.invitedAt.getTime();
    if (answeredAt || openFor >= ANSWER_WINDOW_MS) s.invited += 1;
    if (answeredAt) {
      s.answered += 1;
      const list = durations.get(row.proId) ?? [];
      list.push(answeredAt.getTime() - row.invitedAt.getTime());
      durations.set(row.proId, list);
    }
  }
  for (const [id, list] of durations) result.get(id)!.medianMs = median(list);
  for (const r of await projectCountsByPro(db, ids))
    Object.assign(result.get(r.proId)!, { completed: r.completed, active: r.active });
  return result;
}

async function cards(
  db: Db,
  rows: { user: UserRow; profile: ProfileRow | null }[],
  invitedStatus: Map<string, string>,
) {
  const figures = await stats(
    db,
    rows.map((r) => r.user.id),
  );
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

async function invitedOn(db: Db, projectId: string | undefined) {
  if (!projectId) return new Map<string, string>();
  const rows = await invitationsOfProject(db, projectId);
  return new Map(rows.map((r) => [r.proId, r.status]));
}

async function profileOf(db: Db, viewer: UserRow, id: string) {
  if (!isUuid(id)) throw notFound('Designer');
  const row = await proWithProfile(db, id);
  if (!row) throw notFound('Designer');
  const self = viewer.id === id;
  if (!self && viewer.role !== 'staff' && row.user.status !== 'active') throw notFound('Designer');
  const [card] = await cards(db, [{ user: row.user, profile: row.profile }], new Map());
  const portfolio = await portfolioOf(db, id);
  const ratingRows = await ratingsOfPro(db, id, 50);
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

/** How long the designers filter's skill choices are reused before they are read again. */
export const SKILL_CHOICES_TTL_MS = 30_000;

/**
 * Every skill the active pros of a role list, sorted (the filter's choices): one statement, kept for
 * SKILL_CHOICES_TTL_MS per role (a pro's own profile edit forgets them at once).
 */
function skillChoices(db: Db) {
  const kept = new Map<ProRole, { at: number; skills: Promise<string[]> }>();
  return {
    of(role: ProRole): Promise<string[]> {
      const hit = kept.get(role);
      if (hit && Date.now() - hit.at < SKILL_CHOICES_TTL_MS) return hit.skills;
      const skills = proSkillChoices(db, role).then((list) => list.sort((a, b) => a.localeCompare(b)));
      kept.set(role, { at: Date.now(), skills });
      // a failed read is not kept
      skills.catch(() => kept.delete(role));
      return skills;
    },
    forget: () => kept.clear(),
  };
}

/** A pro's fit for the project's items: skills against the items' category and type, rating, response rate, availability. */
function fit(card: Card, profile: ProfileRow | null, wanted: string[]) {
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
}

/** Designer and service provider cards and profiles; ratings and response figures are measured, never typed in. */
export function designersService(deps: { db: Db; projects: ProjectsService; accounts: AccountsService }) {
  const { db } = deps;
  const skills = skillChoices(db);
  return {
    stats: (ids: string[]) => stats(db, ids),

    async list(viewer: UserRow, query: ListDesignersQuery) {
      if (query.projectId) await deps.projects.access(db, viewer, query.projectId);
      const invited = await invitedOn(db, query.projectId);
      const { total, rows } = await searchPros(db, { ...query, firstIds: [...invited.keys()] });
      return { designers: await cards(db, rows, invited), total, skills: await skills.of(query.role) };
    },

    profile: (viewer: UserRow, id: string) => profileOf(db, viewer, id),

    async updateMine(viewer: UserRow, patch: ProfilePatch) {
      if (viewer.role !== 'designer' && viewer.role !== 'service')
        throw new AppError('forbidden', 'Only designers and service providers have a profile.', 403);
      if (patch.bio !== undefined) patch = { ...patch, bio: checkBio(viewer.role, patch.bio) };
      await deps.accounts.saveProProfile(viewer.id, patch);
      skills.forget();
      return profileOf(db, viewer, viewer.id);
    },

    /** Three pros ranked by fit: skills against the items' category and type, rating, response rate, availability. */
    async recommend(viewer: UserRow, projectId: string) {
      const a = await deps.projects.access(db, viewer, projectId);
      if (a.actor !== 'owner' && a.actor !== 'staff')
        throw new AppError('forbidden', 'You are not allowed to do that.', 403);
      const items = await itemsOfProject(db, projectId);
      const wanted = [
        ...new Set(
          items
            .flatMap((i) => [i.category, i.itemType, ...i.tags])
            .filter((v): v is string => Boolean(v))
            .map((v) => v.toLowerCase()),
        ),
      ];
      const role: ProRole = a.project.service ? 'service' : 'designer';
      const invited = await invitedOn(db, projectId);
      const candidates = (await activePros(db, role)).filter((r) => !invited.has(r.user.id));
      const list = await cards(db, candidates, new Map());
      const scored = list.map((card, index) => fit(card, candidates[index]!.profile, wanted));
      scored.sort((x, y) => y.score - x.score || x.card.firstName.localeCompare(y.card.firstName));
      return scored.slice(0, 3).map((s) => s.card);
    },
  };
}

export type DesignersService = ReturnType<typeof designersService>;
