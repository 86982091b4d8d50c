import { describe, expect, test } from 'vitest';
import { openDatabase } from './client';

describe('a closed database', () => {
  test('answers the job queue late: a zero count for its complete/fail commands, no rows otherwise', async () => {
    const database = await openDatabase({ dataDir: null });
    const open = await database.sql.executeSql(
      'SELECT COUNT(*)::int AS count FROM (VALUES (1), (2)) AS results',
    );
    expect(open.rows).toEqual([{ count: 2 }]);
    await database.close();
    const late = await database.sql.executeSql('WITH results AS (SELECT 1) SELECT COUNT(*) FROM results', [
      'x',
    ]);
    expect(late.rows).toEqual([{ count: '0' }]);
    const fetch = await database.sql.executeSql('SELECT id FROM pgboss.job WHERE name = $1', ['x']);
    expect(fetch.rows).toEqual([]);
  });
});
