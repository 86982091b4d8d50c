import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../modules/chat/cluster-kit';

/**
 * A PostgreSQL server of the fault suite's own (a new cluster in a temporary folder, on a free port), to
 * stop and start again; the machine's own server is never touched. As root, the server runs as the
 * `postgres` user, as PostgreSQL requires.
 */
export interface PostgresProcess {
  url: string;
  start(): Promise<void>;
  /** Stops the server at once (SIGKILL of the postmaster: connections drop as in a crash). */
  stop(): Promise<void>;
  remove(): Promise<void>;
}

function binDir(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort();
  const newest = versions.at(-1);
  if (!newest) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql');
  return `/usr/lib/postgresql/${newest}/bin`;
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const runAs = (command: string, args: string[]) =>
  asRoot ? { command: 'runuser', args: ['-u', 'postgres', '--', command, ...args] } : { command, args };

export async function postgresProcess(): Promise<PostgresProcess> {
  const bin = binDir();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'facet-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'data');
  const init = runAs(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  execFileSync(init.command, init.args, { stdio: 'ignore' });
  let child: ChildProcess | null = null;
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;

  const handle: PostgresProcess = {
    url,
    async start() {
      const run = runAs(join(bin, 'postgres'), [
        '-D',
        dataDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${dir}`,
        '-c',
        'fsync=off',
      ]);
      child = spawn(run.command, run.args, { stdio: 'ignore' });
      const deadline = Date.now() + 20_000;
      for (;;) {
        const client = new pg.Client({ connectionString: url });
        try {
          await client.connect();
          await client.query('select 1');
          await client.end();
          return;
        } catch {
          await client.end().catch(() => {});
          if (Date.now() > deadline) throw new Error(`PostgreSQL did not start on port ${port}`);
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((r) => running.once('exit', r));
      // the postmaster itself (runuser cannot pass SIGKILL on): its first line in postmaster.pid
      const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGKILL');
      await exited;
      // the postmaster's children follow it; wait until the port is free
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 500 });
        try {
          await client.connect();
          await client.end();
          await new Promise((r) => setTimeout(r, 100));
        } catch {
          return;
        }
      }
    },
    async remove() {
      await handle.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await handle.start();
  return handle;
}
