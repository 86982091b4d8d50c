import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { matchesFilter, PROJECT_FILTERS, PROJECT_STATUSES } from '@facet/domain/workflow';
import { projectItems, projects } from './projects.tables';
import { COUNT_AHEAD } from './projects.queries';
import { createTestApp, sessionCookie } from '../../test/test-app';
import { customerSignup } from '../accounts/test-payloads';

/**
 * The projects list against spec section 4: the SQL filters give exactly what the domain's pure predicate
 * says for every combination of position, completed, sent invite and service; search and pages on top.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
type Listed = { id: string; title: string };
const made: {
  id: string;
  title: string;
  position: number;
  completed: boolean;
  sentInvite: boolean;
  service: boolean;
}[] = [];

const list = async (query: string) => {
  const r = await t.app.inject({ method: 'GET', url: `/api/projects?${query}`, headers: { cookie } });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as {
    projects: Listed[];
    total: number;
    totalExact: boolean;
    page: number;
    pageSize: number;
  };
};

beforeAll(async () => {
  // a customer of their own, so other projects do not mix in
  t = await createTestApp();
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: customerSignup('lists@example.com'),
  });
  expect(signup.statusCode, signup.body).toBe(201);
  cookie = sessionCookie(signup);
  let n = 0;
  for (const service of [false, true]) {
    for (const position of [-1, 1, 2, 3, 4]) {
      for (const completed of position === 4 ? [false, true] : [false]) {
        for (const sentInvite of position === -1 ? [false] : [false, true]) {
          n += 1;
          const title = `Case ${String(n).padStart(2, '0')} ${service ? 'service' : 'design'} p${position}${completed ? ' done' : ''}${sentInvite ? ' sent' : ''}`;
          const r = await t.app.inject({
            method: 'POST',
            url: '/api/projects',
            headers: { cookie },
            payload: { title, service },
          });
          expect(r.statusCode, r.body).toBe(201);
          const id = r.json().project.id as string;
          const status = PROJECT_STATUSES.find(
            (s) => s.workflow === (service ? 'service' : 'design') && s.position === position,
          )!;
          await t.ctx.db
            .update(projects)
            .set({ statusId: status.id, completed, sentInvite })
            .where(eq(projects.id, id));
          made.push({ id, title, position, completed, sentInvite, service });
        }
      }
    }
  }
}, 120_000);
afterAll(async () => t?.close());

describe('projects list (spec section 4 filters, search, pages)', () => {
  test.each(PROJECT_FILTERS)(
    'filter %s returns exactly the projects the domain rule matches',
    async (filter) => {
      const got = (await list(`filter=${filter}&pageSize=100`)).projects.map((p) => p.id).sort();
      const expected = made
        .filter((p) => matchesFilter(filter, p))
        .map((p) => p.id)
        .sort();
      expect(got).toEqual(expected);
    },
  );

  test('the spec’s examples: -1 and position 1 without an invite are not started; position 1 with one is invited', async () => {
    const titles = async (filter: string) =>
      (await list(`filter=${filter}&pageSize=100`)).projects.map((p) => p.title);
    const notStarted = await titles('not-started');
    expect(notStarted).toContain('Case 01 design p-1');
    expect(notStarted).toContain('Case 02 design p1');
    expect(notStarted).not.toContain('Case 03 design p1 sent');
    expect(await titles('invited')).toContain('Case 03 design p1 sent');
    const inProgress = await titles('in-progress');
    expect(inProgress).toContain('Case 08 design p4');
    expect(inProgress).not.toContain('Case 10 design p4 done');
    expect(await titles('completed')).toEqual(
      expect.arrayContaining(['Case 10 design p4 done', 'Case 11 design p4 done sent']),
    );
    expect((await titles('service')).every((t) => t.includes('service'))).toBe(true);
  });

  test('pages: newest first, no overlap, totals stay with the filter; a page past the end is empty', async () => {
    const all = await list('pageSize=100');
    expect(all.total).toBe(made.length);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(made.length / 5); page += 1) {
      const r = await list(`page=${page}&pageSize=5`);
      expect(r.total).toBe(made.length);
      expect(r.page).toBe(page);
      seen.push(...r.projects.map((p) => p.id));
    }
    expect(seen).toEqual(all.projects.map((p) => p.id));
    expect(new Set(seen).size).toBe(made.length);
    expect(seen[0]).toBe(made[made.length - 1]!.id);
    const past = await list('page=99&pageSize=5');
    expect(past.projects).toEqual([]);
    expect(past.total).toBe(made.length);
  });

  test('search: title, description and item titles, case-insensitive, with filters, wildcards taken literally', async () => {
    expect((await list('q=CASE%2001')).projects.map((p) => p.title)).toEqual(['Case 01 design p-1']);
    expect((await list('q=service&filter=completed')).projects.map((p) => p.title).sort()).toEqual(
      made
        .filter((p) => p.service && p.completed)
        .map((p) => p.title)
        .sort(),
    );
    expect((await list('q=%25')).total).toBe(0);
    expect((await list('q=_')).total).toBe(0);
  });

  test('search: any part of the description or of an item title; the text follows edits, deletions and new items', async () => {
    const target = made[0]!;
    const ids = async (q: string) =>
      (await list(`q=${encodeURIComponent(q)}&pageSize=100`)).projects.map((p) => p.id);
    await t.ctx.db
      .update(projects)
      .set({ description: 'Brushed platinum with a hidden sapphire' })
      .where(eq(projects.id, target.id));
    const [item] = await t.ctx.db
      .insert(projectItems)
      .values({ projectId: target.id, title: 'Marquise Halo Band' })
      .returning();
    try {
      expect(await ids('hidden SAPPH')).toEqual([target.id]);
      expect(await ids('quise halo')).toEqual([target.id]);
      // a match never spans two fields: the title's end and the description's start are apart
      expect(await ids(`${target.title.slice(-4)}Brushed`)).toEqual([]);
      expect(await ids('\u001f')).toEqual([]);
      // a renamed item is found by its new title only; a title edit is searched at once
      await t.ctx.db
        .update(projectItems)
        .set({ title: 'Cathedral Band' })
        .where(eq(projectItems.id, item!.id));
      expect(await ids('quise halo')).toEqual([]);
      expect(await ids('cathedral')).toEqual([target.id]);
      await t.ctx.db.update(projects).set({ title: 'Renamed Solitaire' }).where(eq(projects.id, target.id));
      expect(await ids('solitaire')).toEqual([target.id]);
      expect(await ids('cathedral')).toEqual([target.id]);
      // a deleted item is no longer found
      await t.ctx.db.delete(projectItems).where(eq(projectItems.id, item!.id));
      expect(await ids('cathedral')).toEqual([]);
      expect(await ids('hidden sapph')).toEqual([target.id]);
    } finally {
      await t.ctx.db.delete(projectItems).where(eq(projectItems.id, item!.id));
      await t.ctx.db
        .update(projects)
        .set({ title: target.title, description: '' })
        .where(eq(projects.id, target.id));
    }
    expect(await ids(target.title)).toEqual([target.id]);
  });

  test('a long list is counted a bounded way past the page, and says so; pages go on past the count', async () => {
    // a customer with 1,030 projects (set-based), besides the cases above
    const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user.id;
    const status = PROJECT_STATUSES.find((s) => s.workflow === 'design' && s.position === -1)!;
    await t.ctx.db.execute(sql`
      insert into projects (customer_id, title, status_id, created_at)
      select ${me}, 'Bulk ' || g, ${status.id}, now() - interval '1 day' - (g || ' seconds')::interval
      from generate_series(1, 1030) g`);
    try {
      const first = await list('pageSize=10');
      expect(first.total).toBe(COUNT_AHEAD);
      expect(first.totalExact).toBe(false);
      const later = await list('page=2&pageSize=10');
      expect(later.total).toBe(10 + COUNT_AHEAD);
      expect(later.totalExact).toBe(false);
      // near the end the count is exact again: 1,030 + the cases
      const end = await list(`page=60&pageSize=10`);
      expect(end.totalExact).toBe(true);
      expect(end.total).toBe(1030 + made.length);
      const searched = await list('q=bulk%2010&pageSize=10');
      expect(searched.totalExact).toBe(true);
      // Bulk 10, Bulk 100 … 109, Bulk 1000 … 1030
      expect(searched.total).toBe(1 + 10 + 31);
    } finally {
      await t.ctx.db.execute(sql`delete from projects where title like 'Bulk %'`);
    }
    expect((await list('pageSize=100')).total).toBe(made.length);
  });

  test('bad list parameters are 400 with the error shape, never 500', async () => {
    for (const query of ['filter=archived', 'page=0', 'pageSize=101', 'page=abc', `q=${'x'.repeat(101)}`]) {
      const r = await t.app.inject({ method: 'GET', url: `/api/projects?${query}`, headers: { cookie } });
      expect(r.statusCode, query).toBe(400);
      expect(r.json().error.code, query).toBe('validation_failed');
    }
  });
});
