import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { profiles, users } from '../accounts/accounts.tables';
import { createTestApp, loginAs } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(() => t.close());

/** The pro's public card as the signed-in person (`cookie`) sees it. */
const cardOf = (cookie: string, proId: string) => async () =>
  (await t.app.inject({ method: 'GET', url: `/api/designers/${proId}`, headers: { cookie } })).json()
    .designer;

/** A new project of the customer with the pro invited to it; its id. */
async function invitedProject(customer: string, proId: string, title: string, description: string) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: { cookie: customer },
    payload: { title, description },
  });
  const projectId = created.json().project.id as string;
  const invited = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/invitations`,
    headers: { cookie: customer },
    payload: { proId },
  });
  expect(invited.statusCode).toBe(201);
  return projectId;
}

describe('response rate and response time are measured, not typed in', () => {
  test("a pro's first message in the conversation counts as an answer to the invitation", async () => {
    const customer = await loginAs(t.app, 'customer@demo.facet', 'customer');
    const pro = (await t.ctx.accounts.queries.findByEmail('designer4@demo.facet'))!;
    const card = cardOf(customer, pro.id);
    expect(await card()).toMatchObject({ responseRate: null, responseTime: 'No data yet' });

    const projectId = await invitedProject(
      customer,
      pro.id,
      'Halo ring',
      'A halo around an oval centre stone.',
    );
    // invited, not yet answered, still within the 48-hour answer window: the rate is not lowered
    expect(await card()).toMatchObject({ responseRate: null, responseTime: 'No data yet' });
    // the window passed without an answer: 0 % answered
    await t.ctx.db.execute(
      sql`update invitations set invited_at = now() - interval '49 hours' where project_id = ${projectId}`,
    );
    expect((await card()).responseRate).toBe(0);

    const proCookie = await loginAs(t.app, 'designer4@demo.facet', 'designer');
    const rooms = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${projectId}/rooms`,
      headers: { cookie: proCookie },
    });
    const roomId = rooms.json().rooms[0].id as string;
    await t.ctx.chat.send(pro, {
      chatRoom: roomId,
      clientId: 'first-reply',
      message: 'Happy to help with the halo.',
    } as never);

    expect(await card()).toMatchObject({ responseRate: 100, responseTime: 'Within 3 days' });
  });

  test('an invitation still open when staff cancel its project never counts against the pro', async () => {
    const customer = await loginAs(t.app, 'customer@demo.facet', 'customer');
    const staff = await loginAs(t.app, 'staff@demo.facet', 'staff');
    const pro = (await t.ctx.accounts.queries.findByEmail('designer3@demo.facet'))!;
    const card = cardOf(customer, pro.id);
    const before = await card();
    const projectId = await invitedProject(
      customer,
      pro.id,
      'Cancelled halo',
      'A halo the customer no longer wants.',
    );
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/staff/projects/${projectId}/refund`,
      headers: { cookie: staff, origin: 'http://localhost:3000' },
      payload: { reason: 'The customer asked to stop.' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // long after the answer window, the invitation (never answered) was closed by the cancel within it
    await t.ctx.db.execute(
      sql`update invitations set invited_at = now() - interval '30 days' where project_id = ${projectId}`,
    );
    await t.ctx.db.execute(
      sql`update project_status_history set created_at = now() - interval '30 days' + interval '1 hour' where project_id = ${projectId}`,
    );
    expect((await card()).responseRate).toBe(before.responseRate);
  });
});

describe('editing one’s own profile (/designer-dashboard/profile)', () => {
  const put = (cookie: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/designers/me', headers: { cookie }, payload });

  test('a designer’s bio follows the sign-up rules with the spec’s texts; a refused edit changes nothing', async () => {
    const cookie = await loginAs(t.app, 'designer2@demo.facet', 'designer');
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/designers/me', headers: { cookie } })
    ).json().designer;
    const empty = await put(cookie, { bio: '   ', skills: ['rings'] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({
      code: 'validation_failed',
      message: 'A short bio is required',
      fields: { bio: 'A short bio is required' },
    });
    expect((await put(cookie, { bio: 'Too short.' })).json().error.fields.bio).toBe(
      'Bio must be at least 100 characters',
    );
    expect((await put(cookie, { bio: 'x'.repeat(251) })).json().error.fields.bio).toBe(
      'Bio must be at most 250 characters',
    );
    // figures are measured and the role is the account's: a body that sets them is refused
    for (const body of [{ rating: 5 }, { responseRate: 100 }, { role: 'staff', skills: ['rings'] }]) {
      expect((await put(cookie, body)).statusCode).toBe(400);
    }
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/designers/me', headers: { cookie } })
    ).json().designer;
    expect(after).toMatchObject({
      bio: before.bio,
      skills: before.skills,
      role: 'designer',
      rating: before.rating,
    });
    const bio = `  ${'I model engagement rings and signets in Rhino and Matrix, '.repeat(2)}for casting.  `;
    const saved = await put(cookie, { bio });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().designer.bio).toBe(bio.trim());
  });

  test('a service provider’s bio is optional, at most 250 characters', async () => {
    const cookie = await loginAs(t.app, 'service@demo.facet', 'service');
    expect((await put(cookie, { bio: '' })).statusCode).toBe(200);
    expect((await put(cookie, { bio: 'x'.repeat(251) })).json().error.fields.bio).toBe(
      'Bio must be at most 250 characters',
    );
  });
});

describe('the designers search', () => {
  test('a part of a name, the bio or a skill, any case, wildcards taken literally; pages and totals agree', async () => {
    const cookie = await loginAs(t.app, 'customer@demo.facet', 'customer');
    const search = async (query: string) => {
      const r = await t.app.inject({ method: 'GET', url: `/api/designers?${query}`, headers: { cookie } });
      expect(r.statusCode, r.body).toBe(200);
      return r.json() as { designers: { id: string; lastName: string }[]; total: number };
    };
    const [pro] = await t.ctx.db.select().from(users).where(eq(users.email, 'designer4@demo.facet'));
    await t.ctx.db
      .update(profiles)
      .set({ bio: 'Hand-raised Filigreework in recycled gold', skills: ['Granulation Qx'] })
      .where(eq(profiles.userId, pro!.id));
    const only = async (q: string) => {
      const found = await search(`q=${encodeURIComponent(q)}`);
      expect(found.total, q).toBe(found.designers.length);
      return found.designers.map((d) => d.id);
    };
    expect(await only('FILIGREEW')).toEqual([pro!.id]);
    expect(await only('granulation q')).toEqual([pro!.id]);
    expect(await only(pro!.lastName.slice(1).toUpperCase())).toContain(pro!.id);
    // a match never spans two fields (the bio's end and a skill)
    expect(await only('goldGranulation')).toEqual([]);
    expect(await only('%')).toEqual([]);
    expect(await only('_')).toEqual([]);
    // the skill filter and the search together; pages of the whole list neither overlap nor miss
    expect((await search('q=filigree&skill=Granulation%20Qx')).designers.map((d) => d.id)).toEqual([pro!.id]);
    const all = await search('pageSize=100');
    const paged = [
      ...(await search('pageSize=2&page=1')).designers,
      ...(await search('pageSize=2&page=2')).designers,
    ];
    expect(paged.map((d) => d.id)).toEqual(all.designers.slice(0, 4).map((d) => d.id));
    expect((await search('pageSize=2')).total).toBe(all.total);
  });
});
