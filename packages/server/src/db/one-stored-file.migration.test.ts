import { rmSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { migrations, migrationsUpTo, openPglite, openPostgres, type Sql } from '../test/migrations';

/**
 * Migration 0008 (one stored-file table): project files and chat files written by the earlier schema are
 * all there afterwards, as rows of `files` with the same ids, keys, names, types, sizes, senders and
 * times, linked from project_files and chat_attachments. Runs on PGlite, and on PostgreSQL when
 * DATABASE_URL is set.
 */

const BEFORE = '0007_status_moves_announced';

const ids = {
  customer: '00000000-0000-4000-8000-000000000001',
  pro: '00000000-0000-4000-8000-000000000002',
  project: '00000000-0000-4000-8000-000000000010',
  item: '00000000-0000-4000-8000-000000000011',
  attachment: '00000000-0000-4000-8000-000000000020',
  delivery: '00000000-0000-4000-8000-000000000021',
  image: '00000000-0000-4000-8000-000000000022',
  chatFile: '00000000-0000-4000-8000-000000000030',
  message: '00000000-0000-4000-8000-000000000031',
  avatar: '00000000-0000-4000-8000-000000000040',
};
const room = `${ids.customer}${ids.pro}${ids.project}1234`;

/** Rows of every kind, written as the schema before 0008 had them. */
async function seedOldRows(sql: Sql) {
  await sql.exec(`
    INSERT INTO users (id, email, password_hash, role, first_name) VALUES
      ('${ids.customer}', 'maya@example.com', 'x', 'customer', 'Maya'),
      ('${ids.pro}', 'dan@example.com', 'x', 'designer', 'Dan');
    INSERT INTO project_statuses (id, workflow, name, position) VALUES ('migration-test', 'design', 'Test', 99)
      ON CONFLICT DO NOTHING;
    INSERT INTO projects (id, customer_id, pro_id, title, status_id)
      VALUES ('${ids.project}', '${ids.customer}', '${ids.pro}', 'Ring', 'migration-test');
    INSERT INTO project_items (id, project_id, title) VALUES ('${ids.item}', '${ids.project}', 'Ring');
    INSERT INTO project_files (id, project_id, item_id, kind, storage_key, name, content_type, size_bytes, uploaded_by, created_at) VALUES
      ('${ids.attachment}', '${ids.project}', NULL, 'attachment', 'projects/p/a.pdf', 'notes.pdf', 'application/pdf', 1234, '${ids.customer}', '2026-01-02T03:04:05Z'),
      ('${ids.delivery}', '${ids.project}', NULL, 'delivery', 'projects/p/d.stl', 'Ring v2.STL', 'model/stl', 98765, '${ids.pro}', '2026-01-03T03:04:05Z'),
      ('${ids.image}', '${ids.project}', '${ids.item}', 'image', 'projects/p/i.png', 'front.png', 'image/png', 42, '${ids.pro}', '2026-01-04T03:04:05Z');
    INSERT INTO chat_rooms (id, project_id, customer_id, pro_id) VALUES ('${room}', '${ids.project}', '${ids.customer}', '${ids.pro}');
    INSERT INTO chat_attachments (id, room_id, storage_key, name, content_type, size_bytes, uploaded_by, created_at) VALUES
      ('${ids.chatFile}', '${room}', 'chat/r/c.txt', 'sketch notes.txt', 'text/plain; charset=utf-8', 7, NULL, '2026-01-05T03:04:05Z');
    INSERT INTO chat_messages (id, room_id, project_id, seq, client_id, from_id, type, message, attachment_id)
      VALUES ('${ids.message}', '${room}', '${ids.project}', 1, 'c1', '${ids.customer}', 'user', '', '${ids.chatFile}');
    INSERT INTO files (id, key, name, content_type, size_bytes, owner_id, purpose)
      VALUES ('${ids.avatar}', 'avatar/a.png', 'me.png', 'image/png', 10, '${ids.customer}', 'avatar');
  `);
}

const iso = (v: unknown) => new Date(v as string).toISOString();

async function checkNothingLost(sql: Sql) {
  const stored = await sql.query(
    `SELECT id, key, name, content_type, size_bytes, owner_id, purpose, created_at FROM files ORDER BY key`,
  );
  expect(stored.map((r) => ({ ...r, created_at: r.id === ids.avatar ? null : iso(r.created_at) }))).toEqual([
    {
      id: ids.avatar,
      key: 'avatar/a.png',
      name: 'me.png',
      content_type: 'image/png',
      size_bytes: 10,
      owner_id: ids.customer,
      purpose: 'avatar',
      created_at: null,
    },
    {
      id: ids.chatFile,
      key: 'chat/r/c.txt',
      name: 'sketch notes.txt',
      content_type: 'text/plain; charset=utf-8',
      size_bytes: 7,
      owner_id: null,
      purpose: 'chat',
      created_at: '2026-01-05T03:04:05.000Z',
    },
    {
      id: ids.attachment,
      key: 'projects/p/a.pdf',
      name: 'notes.pdf',
      content_type: 'application/pdf',
      size_bytes: 1234,
      owner_id: ids.customer,
      purpose: 'project-attachment',
      created_at: '2026-01-02T03:04:05.000Z',
    },
    {
      id: ids.delivery,
      key: 'projects/p/d.stl',
      name: 'Ring v2.STL',
      content_type: 'model/stl',
      size_bytes: 98765,
      owner_id: ids.pro,
      purpose: 'project-delivery',
      created_at: '2026-01-03T03:04:05.000Z',
    },
    {
      id: ids.image,
      key: 'projects/p/i.png',
      name: 'front.png',
      content_type: 'image/png',
      size_bytes: 42,
      owner_id: ids.pro,
      purpose: 'project-image',
      created_at: '2026-01-04T03:04:05.000Z',
    },
  ]);
  const links = await sql.query(
    `SELECT id, project_id, item_id, kind, file_id, created_at FROM project_files ORDER BY created_at`,
  );
  expect(links.map((r) => ({ ...r, created_at: iso(r.created_at) }))).toEqual([
    {
      id: ids.attachment,
      project_id: ids.project,
      item_id: null,
      kind: 'attachment',
      file_id: ids.attachment,
      created_at: '2026-01-02T03:04:05.000Z',
    },
    {
      id: ids.delivery,
      project_id: ids.project,
      item_id: null,
      kind: 'delivery',
      file_id: ids.delivery,
      created_at: '2026-01-03T03:04:05.000Z',
    },
    {
      id: ids.image,
      project_id: ids.project,
      item_id: ids.item,
      kind: 'image',
      file_id: ids.image,
      created_at: '2026-01-04T03:04:05.000Z',
    },
  ]);
  const chat = await sql.query(`SELECT id, room_id, file_id, created_at FROM chat_attachments`);
  expect(chat.map((r) => ({ ...r, created_at: iso(r.created_at) }))).toEqual([
    { id: ids.chatFile, room_id: room, file_id: ids.chatFile, created_at: '2026-01-05T03:04:05.000Z' },
  ]);
  // the message still points at its file
  expect(await sql.query(`SELECT attachment_id FROM chat_messages`)).toEqual([
    { attachment_id: ids.chatFile },
  ]);
  // the old columns are gone: one place holds a file's facts
  const columns = await sql.query(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_name IN ('project_files', 'chat_attachments') AND column_name IN ('storage_key', 'name', 'size_bytes')`,
  );
  expect(columns).toEqual([]);
}

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('migration 0008: one stored-file table', () => {
  test('every project file and chat file written before is there after, linked by the same ids', async () => {
    const sql = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite();
    try {
      const before = migrationsUpTo(BEFORE);
      folders.push(before);
      await sql.migrate(before);
      await seedOldRows(sql);
      await sql.migrate(migrations);
      await checkNothingLost(sql);
      // deleting a stored file takes its link with it
      await sql.query(`DELETE FROM files WHERE id = '${ids.image}'`);
      expect(await sql.query(`SELECT id FROM project_files WHERE id = '${ids.image}'`)).toEqual([]);
    } finally {
      await sql.close();
    }
  }, 180_000);
});
