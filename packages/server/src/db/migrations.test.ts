import { afterEach, describe, expect, test } from 'vitest';
import { databaseAt } from '../test/migrations';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('migrations keep the rows they move', () => {
  test('0007: every status move the chat had posted is marked announced; the others stay to announce', async () => {
    const { client, migrateRest } = await databaseAt('0006_auth_throttle');
    close = () => client.close();
    await client.exec(`
      insert into users (id, email, password_hash, role, first_name)
        values ('00000000-0000-4000-8000-000000000001', 'c@example.com', 'x', 'customer', 'Cora');
      insert into project_statuses (id, workflow, name, position) values ('design-1', 'design', 'Invite', 1);
      insert into projects (id, customer_id, title, status_id)
        values ('00000000-0000-4000-8000-0000000000aa', '00000000-0000-4000-8000-000000000001', 'Ring', 'design-1');
      insert into project_events (id, project_id, kind, message, created_at) values
        ('00000000-0000-4000-8000-0000000000e1', '00000000-0000-4000-8000-0000000000aa', 'status-moved', 'posted', '2026-11-01T10:00:00Z'),
        ('00000000-0000-4000-8000-0000000000e2', '00000000-0000-4000-8000-0000000000aa', 'status-moved', 'not yet', '2026-11-01T11:00:00Z'),
        ('00000000-0000-4000-8000-0000000000e3', '00000000-0000-4000-8000-0000000000aa', 'invited', 'other kind', '2026-11-01T12:00:00Z');
      insert into chat_posted_events (event_id, posted_at)
        values ('00000000-0000-4000-8000-0000000000e1', '2026-11-01T10:00:05Z');
    `);

    await migrateRest();

    const events = await client.query<{ message: string; announced_at: Date | null }>(
      'select message, announced_at from project_events order by created_at',
    );
    expect(events.rows.map((r) => [r.message, r.announced_at?.toISOString() ?? null])).toEqual([
      ['posted', '2026-11-01T10:00:05.000Z'],
      ['not yet', null],
      ['other kind', null],
    ]);
    const old = await client.query("select to_regclass('chat_posted_events') as t");
    expect(old.rows).toEqual([{ t: null }]);
  });
});
