import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new empty database on the PostgreSQL server of `serverUrl`, named `<prefix>_<random>`; `drop` removes
 * it (closing whatever is still connected to it).
 */
export async function freshDatabase(serverUrl: string, prefix = 'facet_test') {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
