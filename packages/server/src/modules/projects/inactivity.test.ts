import { afterAll, beforeAll, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../platform/mail/mail.tables';
import { projectEvents, projects } from './projects.tables';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
}, 60_000);
afterAll(async () => t?.close());

test('A delivery unanswered for 7 days completes the project, due to inactivity', async () => {
  // the demo signet project is in design; deliver it 8 days ago
  const [signet] = await t.ctx.db.select().from(projects).where(eq(projects.title, 'Signet ring redesign'));
  const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3_600_000);
  await t.ctx.db
    .update(projects)
    .set({
      statusId: 'design-review',
      deliveredAt: eightDaysAgo,
      updatedAt: eightDaysAgo,
      filesDelivered: true,
    })
    .where(eq(projects.id, signet!.id));
  const [fresh] = await t.ctx.db
    .select()
    .from(projects)
    .where(eq(projects.title, 'Art deco engagement ring'));
  await t.ctx.db
    .update(projects)
    .set({ statusId: 'design-review', deliveredAt: new Date() })
    .where(eq(projects.id, fresh!.id));

  await t.ctx.jobs.send('project-inactivity', {});
  await t.ctx.jobs.drain();
  const [after] = await t.ctx.db.select().from(projects).where(eq(projects.id, signet!.id));
  expect(after!.completed).toBe(true);
  const [untouched] = await t.ctx.db.select().from(projects).where(eq(projects.id, fresh!.id));
  expect(untouched!.completed).toBe(false);
  const events = await t.ctx.db.select().from(projectEvents).where(eq(projectEvents.projectId, signet!.id));
  expect(events.map((e) => e.message)).toContain('Project has been moved to Completed due to inactivity');
  // the customer, the designer and the production team are told; the team's copy says it was automatic
  const mails = (await t.ctx.db.select().from(mailOutbox)).filter(
    (m) => m.data.projectId === signet!.id && m.text.includes('due to inactivity'),
  );
  expect(mails.map((m) => m.event).sort()).toEqual([
    'designer-status-moved',
    'designer-status-moved',
    'designer-status-moved-erp',
  ]);
  expect(mails.find((m) => m.event === 'designer-status-moved-erp')?.text).toContain(
    'No one answered the delivery, so the move was automatic.',
  );
  // a second sweep changes nothing
  expect(await t.ctx.projects.completeInactive()).toBe(0);
});
