/**
 * List endpoints at scale: one server process on a fresh PostgreSQL database with the demo data, then
 * set-based seeding (10k designers and service providers with skills, 100k projects, rooms and 1M
 * messages with read receipts, models and orders of the demo customer). Every list endpoint gets a fixed
 * 20 requests/s for API_BENCH_SECONDS over HTTP as the right signed-in user; prints p50/p99/max per row
 * with the 1-minute load average. Then an in-process app on the same database answers one request per
 * endpoint with its statements captured, and each list SELECT is explained (ANALYZE, BUFFERS).
 *
 *   npm run bench -- api
 *   API_BENCH_SECONDS=5 API_BENCH_RATE=20 API_BENCH_LABEL=after npm run bench -- api
 *   API_BENCH_ONLY=board API_BENCH_LABEL=board npm run bench -- api   (only the rows whose name matches)
 *
 * Figures in the table are whole-process (HTTP client → server process → PostgreSQL); the EXPLAIN
 * timings are PostgreSQL's own for one statement. Writes bench/api/results-LABEL.md.
 */
import { writeFileSync } from 'node:fs';
import { openLoop, type OpenLoopResult } from '../lib/open-loop.ts';
import { cpus, totalmem, release, platform } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  freshDatabase,
  signIn,
  startNode,
  type NodeSession,
} from '../../packages/server/src/modules/chat/cluster-kit.ts';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/config.ts';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.API_BENCH_SECONDS ?? 10);
const RATE = Number(process.env.API_BENCH_RATE ?? 20);
const LABEL = process.env.API_BENCH_LABEL ?? 'run';
const PROS = Number(process.env.API_BENCH_PROS ?? 10_000);
const PROJECTS = Number(process.env.API_BENCH_PROJECTS ?? 100_000);
const MESSAGES = Number(process.env.API_BENCH_MESSAGES ?? 1_000_000);
/** Only the rows whose name matches (a regular expression), e.g. API_BENCH_ONLY=board. */
const ONLY = process.env.API_BENCH_ONLY ? new RegExp(process.env.API_BENCH_ONLY) : null;

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await work();
  console.log(`  ${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return result;
}

/** Set-based seeding at scale (seconds, not minutes). */
async function seed(client: pg.Client, s: Record<string, NodeSession>) {
  const customer = s.customer!.id;
  const designer = s.designer!.id;
  await timed(`${PROS} pros with profiles and skills`, async () => {
    await client.query(
      `insert into users (email, password_hash, role, status, first_name, last_name, created_at)
       select 'bench-pro-' || g || '@bench.facet', 'x', case when g % 5 = 0 then 'service' else 'designer' end,
              case when g % 50 = 0 then 'hold' else 'active' end,
              (array['Ada','Bea','Cy','Dee','Eli','Fay','Gus','Hal','Ivy','Jo','Kai','Lu','Mo','Ned','Oz','Pia'])[g % 16 + 1],
              'Bench' || g, now() - (g || ' minutes')::interval
       from generate_series(1, $1::int) g`,
      [PROS],
    );
    await client.query(
      `insert into profiles (user_id, skills, cad_skills, software_skills, service_types, bio)
       select u.id,
              jsonb_build_array('Skill ' || (n % 150), 'Skill ' || (n % 37)),
              jsonb_build_array('CAD ' || (n % 40)),
              jsonb_build_array('Software ' || (n % 25)),
              case when u.role = 'service' then jsonb_build_array('Service ' || (n % 30)) else '[]'::jsonb end,
              'Bench bio of pro ' || n || ', rings and pendants, careful work and quick answers every day.'
       from (select id, role, substring(email from 'bench-pro-(\\d+)@')::int n from users
             where email like 'bench-pro-%') u`,
    );
  });
  await timed('bench customers', () =>
    client.query(
      `insert into users (email, password_hash, role, first_name, last_name)
       select 'bench-customer-' || g || '@bench.facet', 'x', 'customer', 'Customer', 'Bench' || g
       from generate_series(1, 1000) g`,
    ),
  );
  await timed(`${PROJECTS} projects (40% the demo customer's), items and invitations`, async () => {
    await client.query(
      `create temp table bench_customers as
         select row_number() over (order by id) - 1 k, id from users where email like 'bench-customer-%';
       create index on bench_customers (k);
       create temp table bench_pros as
         select row_number() over (order by id) - 1 k, id from users
         where email like 'bench-pro-%' and role = 'designer' and status = 'active';`,
    );
    await client.query(
      `with design as (select array_agg(id order by position) ids from project_statuses where workflow = 'design'),
            service as (select array_agg(id order by position) ids from project_statuses where workflow = 'service')
       insert into projects (customer_id, service, title, description, status_id, completed, sent_invite,
                             created_at, updated_at)
       select case when g % 5 < 2 then $1::uuid else (select id from bench_customers where k = g % 1000) end,
              g % 10 = 0,
              (array['Ring','Pendant','Bracelet','Earrings','Brooch'])[g % 5 + 1] || ' project ' || g,
              'Bench brief ' || g || ' in ' || (array['gold','silver','platinum'])[g % 3 + 1],
              case when g % 10 = 0 then s.ids[1 + g % array_length(s.ids, 1)] else d.ids[1 + g % array_length(d.ids, 1)] end,
              g % 7 = 0, g % 3 <> 0,
              now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
       from generate_series(1, $2::int) g, design d, service s`,
      [customer, PROJECTS],
    );
    await client.query(
      `create temp table bench_projects as
         select row_number() over (order by created_at desc, id) - 1 k, id, customer_id from projects
         where title like '% project %' and description like 'Bench brief %';
       create index on bench_projects (k);`,
    );
    await client.query(
      `insert into project_items (project_id, title, category)
       select id, 'Item ' || k || ' ' || (array['band','halo','chain','stud'])[k % 4 + 1], 'ring' from bench_projects`,
    );
    // two invited pros per project; the demo designer is invited to every tenth
    const pros = (await client.query(`select count(*)::int n from bench_pros`)).rows[0].n as number;
    await client.query(
      `insert into invitations (project_id, pro_id, status, invited_at)
       select p.id, bp.id, (array['pending','quoted','refused'])[p.k % 3 + 1], now() - interval '3 days'
       from bench_projects p join bench_pros bp on bp.k = (p.k * 7) % $1
       union all
       select p.id, bp.id, 'pending', now() - interval '2 days'
       from bench_projects p join bench_pros bp on bp.k = (p.k * 13 + 1) % $1 where (p.k * 13 + 1) % $1 <> (p.k * 7) % $1
       union all
       select p.id, $2::uuid, (array['pending','quoted','refused'])[p.k % 3 + 1], now() - interval '1 day'
       from bench_projects p where p.k % 10 = 0`,
      [pros, designer],
    );
  });
  await timed(`rooms and ${MESSAGES} messages with reads`, async () => {
    await client.query(
      `insert into chat_rooms (id, project_id, customer_id, pro_id, pre_quote)
       select 'bench-' || i.id, i.project_id, p.customer_id, i.pro_id, true
       from invitations i join bench_projects p on p.id = i.project_id`,
    );
    // 80% of the messages in the rooms of the demo customer's 100 newest projects, the rest spread thin
    const heavyRooms = await client.query(
      `select r.id from chat_rooms r join bench_projects p on p.id = r.project_id
       where p.customer_id = $1 and p.k < 300 order by p.k, r.id`,
      [customer],
    );
    const heavy = heavyRooms.rows.map((r) => r.id as string);
    const perHeavy = Math.floor((MESSAGES * 0.8) / heavy.length);
    await client.query(`create temp table bench_heavy as select unnest($1::text[]) id;`, [heavy]);
    await client.query(
      `insert into chat_messages (room_id, project_id, seq, client_id, from_id, type, message, created_at)
       select r.id, r.project_id, g, 'b' || g, case when g % 2 = 0 then r.customer_id else r.pro_id end,
              case when g % 2 = 0 then 'user' else 'designer' end, 'Bench message ' || g,
              now() - ((${perHeavy} - g) || ' seconds')::interval
       from chat_rooms r join bench_heavy h on h.id = r.id, generate_series(1, ${perHeavy}) g`,
    );
    const rest = MESSAGES - perHeavy * heavy.length;
    await client.query(
      `insert into chat_messages (room_id, project_id, seq, client_id, from_id, type, message, created_at)
       select r.id, r.project_id, g, 'b' || g, case when g % 2 = 0 then r.customer_id else r.pro_id end,
              case when g % 2 = 0 then 'user' else 'designer' end, 'Bench message ' || g, now()
       from (select * from chat_rooms where id like 'bench-%' and id not in (select id from bench_heavy)
             order by id limit ${Math.ceil(rest / 10)}) r, generate_series(1, 10) g`,
    );
    await client.query(
      `update chat_rooms r set last_seq = m.n from (select room_id, max(seq) n from chat_messages group by room_id) m
       where m.room_id = r.id and r.id like 'bench-%'`,
    );
    // each side has read 70% of the other side's messages (the oldest)
    // (a receipt names its room once the schema has the column)
    const withRoom =
      (
        await client.query(
          `select 1 from information_schema.columns where table_name = 'chat_reads' and column_name = 'room_id'`,
        )
      ).rowCount === 1;
    await client.query(
      `insert into chat_reads (message_id, user_id${withRoom ? ', room_id' : ''})
       select m.id, case when m.from_id = r.customer_id then r.pro_id else r.customer_id end${withRoom ? ', m.room_id' : ''}
       from chat_messages m join chat_rooms r on r.id = m.room_id
       where m.room_id like 'bench-%' and m.seq <= r.last_seq * 0.7`,
    );
  });
  await timed('models and orders of the demo customer', async () => {
    await client.query(
      `insert into models (owner_id, file_name, storage_key, size_bytes, status, created_at, updated_at)
       select $1::uuid, 'bench-' || g || '.stl', 'bench/model-' || g, 1000 + g, 'failed',
              now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
       from generate_series(1, 2000) g`,
      [customer],
    );
    await client.query(
      `insert into orders (customer_id, status, shipping_address, shipping_method, subtotal_cents, shipping_cents,
                           total_cents, paid_at, created_at)
       select $1::uuid, 'paid', o.shipping_address, o.shipping_method, 10000, 1500, 11500,
              now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
       from generate_series(1, 5000) g,
            (select '{"name":"Bench","line1":"1 Main St","city":"Austin","state":"TX","postalCode":"78701","country":"US"}'::jsonb shipping_address,
                    '{"id":"standard","name":"Standard","cents":1500,"days":5}'::jsonb shipping_method) o`,
      [customer],
    );
    // one piece per bench order: nine in ten delivered, the rest along the line (the status filters have work)
    await client.query(
      `insert into order_items (order_id, position, source, title, configuration, breakdown, unit_price_cents,
                                quantity, total_cents, lead_time_days, stage)
       select o.id, 0, 'model', 'Bench ring', '{}'::jsonb, '{}'::jsonb, 10000, 1, 10000, 10,
              case when n % 10 = 0
                then (array['received', 'processing', 'printing', 'casting', 'polish', 'quality_check'])[n % 6 + 1]
                else 'delivery' end
       from (select id, row_number() over (order by created_at) n from orders
             where customer_id = $1::uuid and shipping_address->>'name' = 'Bench') o`,
      [customer],
    );
  });
  // the bench's PostgreSQL may run without autovacuum: vacuum as a production database's autovacuum would
  // after a bulk load (visibility maps set, so index-only scans read no heap), and refresh the statistics
  await timed('vacuum analyze', () => client.query('vacuum analyze'));
}

interface Endpoint {
  name: string;
  who: string;
  /** Each request's path (a room list rotates over the heavy projects). */
  path: (i: number) => string;
}

/** Requests in flight at most: an arrival beyond it is dropped (counted), so a slow row cannot queue minutes of work. */
const MAX_IN_FLIGHT = Number(process.env.API_BENCH_MAX_IN_FLIGHT ?? 20);

interface Row extends OpenLoopResult {
  name: string;
  who: string;
}

async function drive(e: Endpoint, session: NodeSession): Promise<Row> {
  const result = await openLoop({
    rate: RATE,
    seconds: SECONDS,
    maxInFlight: MAX_IN_FLIGHT,
    label: e.name,
    request: (i) =>
      fetch(`${session.url}${e.path(i)}`, {
        headers: { cookie: session.cookie },
        signal: AbortSignal.timeout(30_000),
      }),
  });
  return { name: e.name, who: e.who, ...result };
}

export async function runApiBench() {
  const db = await freshDatabase(DATABASE_URL);
  const node = await startNode({ databaseUrl: db.url, seedDemo: true, timeoutMs: 180_000 });
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  let app: Awaited<ReturnType<typeof buildApp>>['app'] | undefined;
  try {
    const sessions: Record<string, NodeSession> = {};
    for (const [who, portal] of [
      ['customer', 'customer'],
      ['designer', 'designer'],
      ['staff', 'staff'],
    ] as const)
      sessions[who] = await signIn(node.url, `${who}@demo.facet`, portal);
    const seedStart = performance.now();
    await seed(client, sessions);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const counts = (
      await client.query(
        `select (select count(*) from users where role in ('designer','service'))::int pros,
                (select count(*) from projects)::int projects,
                (select count(*) from projects where customer_id = $1)::int customer_projects,
                (select count(*) from chat_messages)::int messages,
                (select count(*) from chat_reads)::int reads,
                (select count(*) from models)::int models,
                (select count(*) from orders)::int orders`,
        [sessions.customer!.id],
      )
    ).rows[0] as Record<string, number>;
    console.log(`  seeded in ${seedSeconds.toFixed(0)} s:`, counts);
    const heavy = (
      await client.query(
        `select distinct r.project_id, p.created_at from chat_rooms r join projects p on p.id = r.project_id
         where r.customer_id = $1 and r.last_seq > 10 order by p.created_at desc limit 50`,
        [sessions.customer!.id],
      )
    ).rows.map((r) => r.project_id as string);
    const skill = 'Skill 7';
    // the cursor that opens the fifth page of 50 orders in production (deep keyset paging)
    const fourPages = await fetch(`${node.url}/api/staff/orders?status=active&limit=200`, {
      headers: { cookie: sessions.staff!.cookie },
    });
    const activeCursor = ((await fourPages.json()) as { nextCursor: string | null }).nextCursor ?? '';
    const endpoints: Endpoint[] = [
      { name: 'designers', who: 'customer', path: () => '/api/designers' },
      { name: 'designers ?q=', who: 'customer', path: () => '/api/designers?q=ada' },
      {
        name: 'designers ?skill=',
        who: 'customer',
        path: () => `/api/designers?skill=${encodeURIComponent(skill)}`,
      },
      { name: 'designers page 50', who: 'customer', path: () => '/api/designers?page=50' },
      { name: 'service providers', who: 'customer', path: () => '/api/designers?role=service' },
      ...(['all', 'not-started', 'invited', 'in-progress', 'completed', 'service'] as const).map((f) => ({
        name: `projects ${f}`,
        who: 'customer',
        path: () => `/api/projects?filter=${f}`,
      })),
      { name: 'projects search', who: 'customer', path: () => '/api/projects?q=halo' },
      { name: 'projects all', who: 'staff', path: () => '/api/projects?filter=all' },
      { name: 'projects in-progress', who: 'staff', path: () => '/api/projects?filter=in-progress' },
      { name: 'projects search', who: 'staff', path: () => '/api/projects?q=halo' },
      { name: 'projects all', who: 'designer', path: () => '/api/projects?filter=all' },
      { name: 'projects invited', who: 'designer', path: () => '/api/projects?filter=invited' },
      {
        name: 'rooms (unread counts)',
        who: 'customer',
        path: (i) => `/api/projects/${heavy[i % heavy.length]}/rooms`,
      },
      { name: 'models', who: 'customer', path: () => '/api/models' },
      { name: 'orders', who: 'customer', path: () => '/api/orders' },
      { name: 'orders (staff)', who: 'staff', path: () => '/api/staff/orders' },
      { name: 'orders in production', who: 'customer', path: () => '/api/orders?status=active' },
      { name: 'orders delivered (staff)', who: 'staff', path: () => '/api/staff/orders?status=delivered' },
      {
        name: 'orders in production, page 5 (staff)',
        who: 'staff',
        path: () => `/api/staff/orders?status=active&cursor=${activeCursor}`,
      },
      { name: 'projects board (staff)', who: 'staff', path: () => '/api/staff/projects/board' },
      {
        name: 'projects board, completed page 5 (staff)',
        who: 'staff',
        path: () => '/api/staff/projects/board/completed?offset=80',
      },
    ].filter((e) => !ONLY || ONLY.test(e.name));
    const rows: Row[] = [];
    for (const e of endpoints) {
      // a few warm-up requests so each row measures the steady state
      for (let i = 0; i < 3; i++)
        await fetch(`${node.url}${e.path(i)}`, { headers: { cookie: sessions[e.who]!.cookie } });
      const row = await drive(e, sessions[e.who]!);
      rows.push(row);
      console.log(
        `  ${`${row.name} (${row.who})`.padEnd(34)} p50 ${row.p50.toFixed(1).padStart(7)} ms  p99 ${row.p99
          .toFixed(1)
          .padStart(7)} ms  max ${row.max.toFixed(0).padStart(6)} ms  ${row.rps.toFixed(1)} req/s  ${
          row.failed
        } failed  load ${row.load.toFixed(2)}`,
      );
    }

    // EXPLAIN: an in-process app on the same database, one request per endpoint, its SELECTs captured
    const captured: { text: string; params: unknown[] }[] = [];
    const config = {
      ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '3000' }),
      dataDir: null,
      databaseUrl: db.url,
      seedDemo: false,
      runWorkers: false,
    };
    const built = await buildApp(config, { onQuery: (text, params) => captured.push({ text, params }) });
    app = built.app;
    const explains: string[] = [];
    for (const e of endpoints) {
      captured.length = 0;
      const start = performance.now();
      const r = await app.inject({
        method: 'GET',
        url: e.path(0),
        headers: { cookie: sessions[e.who]!.cookie },
      });
      const ms = performance.now() - start;
      const selects = captured.filter(
        (q) =>
          /^\s*\(?select/i.test(q.text) &&
          !/from "sessions"|from "users" where "users"."id" = \$1$/i.test(q.text),
      );
      explains.push(
        `### ${e.name} (${e.who}) — GET ${e.path(0)}\n\nIn-process: ${r.statusCode} in ${ms.toFixed(1)} ms, ${captured.length} statements.\n`,
      );
      const seen = new Set<string>();
      for (const q of selects) {
        if (seen.has(q.text)) continue;
        seen.add(q.text);
        const plan = await client.query(`explain (analyze, buffers) ${q.text}`, q.params as unknown[]);
        const lines = plan.rows.map((p) => p['QUERY PLAN'] as string);
        const time = lines.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '');
        explains.push(
          `<details><summary>${time} — ${q.text.slice(0, 110).replace(/[<>|]/g, ' ')}…</summary>\n\n\`\`\`sql\n${q.text}\n\`\`\`\n\n\`\`\`\n${lines.join('\n')}\n\`\`\`\n</details>\n`,
        );
      }
    }

    const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, ${platform()} ${release()}, Node ${process.version}`;
    const table = [
      `| endpoint | as | sent | dropped | failed | p50 ms | p99 ms | max ms | answered req/s | load (1 min) |`,
      `|---|---|---:|---:|---:|---:|---:|---:|---:|---:|`,
      ...rows.map(
        (r) =>
          `| ${r.name} | ${r.who} | ${r.sent} | ${r.dropped} | ${r.failed} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(0)} | ${r.rps.toFixed(1)} | ${r.load.toFixed(2)} |`,
      ),
    ].join('\n');
    const out = [
      `# API list bench — ${LABEL} (${new Date().toISOString()})`,
      '',
      `Machine: ${machine}. PostgreSQL at ${new URL(DATABASE_URL).host}. ${RATE} requests/s for ${SECONDS} s per row, over HTTP to one server process (whole-process figures); an arrival while ${MAX_IN_FLIGHT} requests are in flight is not sent (the dropped column), so a row that cannot keep up shows it.`,
      `Seeded in ${seedSeconds.toFixed(0)} s: ${Object.entries(counts)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}.`,
      '',
      table,
      '',
      '## EXPLAIN (ANALYZE, BUFFERS) of each list query (in-process app, one request per endpoint)',
      '',
      ...explains,
    ].join('\n');
    const file = fileURLToPath(new URL(`./results-${LABEL}.md`, import.meta.url));
    writeFileSync(file, out);
    console.log(`\n${table}\n\n  wrote ${file}`);
  } finally {
    await app?.close().catch(() => {});
    await client.end().catch(() => {});
    await node.kill();
    await db.drop().catch(() => {});
  }
}
