import { rmSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { migrations, migrationsUpTo, openDatabase, type Sql } from '../test/migrations';

let sql: Sql | undefined;
afterEach(async () => {
  await sql?.close();
  sql = undefined;
});

describe('migration 0007: status moves announced by the projects module', () => {
  test('every status move the chat had posted is marked announced; the others stay to announce', async () => {
    sql = await openDatabase();
    const before = migrationsUpTo('0006_auth_throttle');
    await sql.migrate(before);
    rmSync(before, { recursive: true, force: true });
    await sql.exec(`
      insert into users (id, email, password_hash, role, first_name)
        values ('00000000-0000-4000-8000-000000000001', 'c@example.com', 'x', 'customer', 'Cora');
      insert into project_statuses (id, workflow, name, position) values ('migration-test', 'design', 'Test', 99)
        on conflict do nothing;
      insert into projects (id, customer_id, title, status_id)
        values ('00000000-0000-4000-8000-0000000000aa', '00000000-0000-4000-8000-000000000001', 'Ring', 'migration-test');
      insert into project_events (id, project_id, kind, message, created_at) values
        ('00000000-0000-4000-8000-0000000000e1', '00000000-0000-4000-8000-0000000000aa', 'status-moved', 'posted', '2026-11-01T10:00:00Z'),
        ('00000000-0000-4000-8000-0000000000e2', '00000000-0000-4000-8000-0000000000aa', 'status-moved', 'not yet', '2026-11-01T11:00:00Z'),
        ('00000000-0000-4000-8000-0000000000e3', '00000000-0000-4000-8000-0000000000aa', 'invited', 'other kind', '2026-11-01T12:00:00Z');
      insert into chat_posted_events (event_id, posted_at)
        values ('00000000-0000-4000-8000-0000000000e1', '2026-11-01T10:00:05Z');
    `);

    await sql.migrate(migrations);

    const events = await sql.query('select message, announced_at from project_events order by created_at');
    expect(
      events.map((r) => [
        r.message,
        r.announced_at ? new Date(r.announced_at as string).toISOString() : null,
      ]),
    ).toEqual([
      ['posted', '2026-11-01T10:00:05.000Z'],
      ['not yet', null],
      ['other kind', null],
    ]);
    expect(await sql.query("select to_regclass('chat_posted_events') as t")).toEqual([{ t: null }]);
  });
});
