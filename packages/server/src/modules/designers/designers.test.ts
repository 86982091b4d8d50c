import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, loginAs } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('response rate and response time are measured, not typed in', () => {
  test("a pro's first message in the conversation counts as an answer to the invitation", async () => {
    const customer = await loginAs(t.app, 'customer@demo.facet', 'customer');
    const pro = (await t.ctx.accounts.queries.findByEmail('designer4@demo.facet'))!;
    const card = async () =>
      (
        await t.app.inject({ method: 'GET', url: `/api/designers/${pro.id}`, headers: { cookie: customer } })
      ).json().designer;
    expect(await card()).toMatchObject({ responseRate: null, responseTime: 'No data yet' });

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { cookie: customer },
      payload: { title: 'Halo ring', description: 'A halo around an oval centre stone.' },
    });
    const projectId = created.json().project.id;
    const invited = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/invitations`,
      headers: { cookie: customer },
      payload: { proId: pro.id },
    });
    expect(invited.statusCode).toBe(201);
    // invited, not yet answered: 0 % answered
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

    expect(await card()).toMatchObject({ responseRate: 100, responseTime: 'Within an hour' });
  });
});
