import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DatabaseInUseError, openDatabase } from './client';

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

describe('the embedded database in a folder', () => {
  test('is opened by one process at a time; a lock left by a process that is gone is taken over', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'facet-lock-'));
    const lock = join(dataDir, 'facet.lock');
    try {
      const first = await openDatabase({ dataDir });
      expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
      await expect(openDatabase({ dataDir })).rejects.toThrow(/is open in this process already/);
      await first.close();
      expect(existsSync(lock)).toBe(false);

      // another process holds it: refused, naming the folder and the process
      const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      const gone = new Promise((resolve) => holder.once('exit', resolve));
      writeFileSync(lock, String(holder.pid));
      await expect(openDatabase({ dataDir })).rejects.toThrow(DatabaseInUseError);
      await expect(openDatabase({ dataDir })).rejects.toThrow(
        `The embedded database in ${dataDir} is in use by process ${holder.pid}`,
      );
      holder.kill('SIGKILL');
      await gone;

      // that process is gone: its lock is stale
      const second = await openDatabase({ dataDir });
      expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
      await second.close();

      // a lock with this process's id that it did not take: left by an earlier process of the same id
      writeFileSync(lock, String(process.pid));
      const third = await openDatabase({ dataDir });
      await third.close();
      expect(existsSync(lock)).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('an empty lock file (a process writing its id) is not taken over', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'facet-lock-'));
    try {
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(join(dataDir, 'facet.lock'), '');
      await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by another process/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
