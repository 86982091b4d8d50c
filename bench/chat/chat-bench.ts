/**
 * Chat benchmark: two server processes (same PostgreSQL, same Redis), N socket.io clients in rooms of
 * 3–10 split across both nodes, every room sending at a fixed rate for a fixed time. Prints p50/p99
 * delivery latency (all deliveries and cross-node ones), and lost, duplicated and out-of-order counts.
 *
 *   npm run bench -- chat                      (200, 1,000 and 2,000 sockets, 20 s each)
 *   CHAT_BENCH_SOCKETS=500 CHAT_BENCH_SECONDS=10 CHAT_BENCH_INTERVAL_MS=1000 npm run bench -- chat
 *
 * Needs PostgreSQL and Redis on 127.0.0.1 (DATABASE_URL, REDIS_URL; the CI defaults otherwise).
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, release, platform } from 'node:os';
import { performance } from 'node:perf_hooks';
import { isAckError, type ChatMessage } from '@facet/domain/chat';
import {
  api,
  freshDatabase,
  signIn,
  startNode,
  type ServerNode,
} from '../../packages/server/src/modules/chat/cluster-kit.ts';
import {
  chatClient,
  connected,
  DEMO_ACCOUNTS,
  type ClientSocket,
} from '../../packages/server/src/modules/chat/chat-test-kit.ts';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECONDS = Number(process.env.CHAT_BENCH_SECONDS ?? 20);
const INTERVAL_MS = Number(process.env.CHAT_BENCH_INTERVAL_MS ?? 1000);
const SIZES = process.env.CHAT_BENCH_SOCKETS
  ? process.env.CHAT_BENCH_SOCKETS.split(',').map(Number)
  : [200, 1000, 2000];

interface Member {
  socket: ClientSocket;
  node: 0 | 1;
  userId: string;
  seen: Set<string>;
  lastSeq: number;
  outOfOrder: number;
  duplicates: number;
}
interface Room {
  id: string;
  projectId: string;
  members: Member[];
}
interface Sent {
  room: Room;
  from: Member;
  at: number;
  acked: boolean;
}

/** Small seeded generator so runs are comparable. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

export interface ChatBenchResult {
  sockets: number;
  rooms: number;
  seconds: number;
  intervalMs: number;
  sent: number;
  acked: number;
  refused: number;
  deliveries: number;
  crossNodeDeliveries: number;
  p50: number;
  p99: number;
  crossP50: number;
  crossP99: number;
  max: number;
  lost: number;
  duplicated: number;
  outOfOrder: number;
  setupSeconds: number;
  loadBefore: number;
  loadAfter: number;
}

async function runOnce(
  nodes: [ServerNode, ServerNode],
  cookies: Record<string, string>,
  userIds: Record<string, string>,
  socketCount: number,
): Promise<ChatBenchResult> {
  const setupStart = performance.now();
  const random = prng(socketCount);
  const sizes: number[] = [];
  for (let left = socketCount; left > 0;) {
    let k = 3 + Math.floor(random() * 8);
    if (left - k > 0 && left - k < 3) k = left - 3;
    k = Math.min(k, left);
    if (k < 3) k = left; // the remainder joins as one room
    sizes.push(k);
    left -= k;
  }
  // each project has three rooms (one per invited designer)
  const pros = ['designer', 'designer2', 'designer3'];
  const roomIds: { id: string; projectId: string; pro: string }[] = [];
  const projectCount = Math.ceil(sizes.length / 3);
  await inBatches(
    Array.from({ length: projectCount }, (_, i) => i),
    10,
    async (i) => {
      const node = nodes[i % 2]!;
      const { project } = await api<{ project: { id: string } }>(
        node.url,
        cookies.customer!,
        'POST',
        '/api/projects',
        { title: `Bench project ${socketCount}-${i}` },
      );
      for (const pro of pros)
        await api(node.url, cookies.customer!, 'POST', `/api/projects/${project.id}/invitations`, {
          proId: userIds[pro],
        });
      const { rooms } = await api<{ rooms: { id: string; proId: string }[] }>(
        node.url,
        cookies.customer!,
        'GET',
        `/api/projects/${project.id}/rooms`,
      );
      for (const r of rooms)
        roomIds.push({ id: r.id, projectId: project.id, pro: pros.find((p) => userIds[p] === r.proId)! });
    },
  );

  const rooms: Room[] = sizes.map((_, i) => ({
    id: roomIds[i]!.id,
    projectId: roomIds[i]!.projectId,
    members: [],
  }));
  const plan: { room: Room; who: string; node: 0 | 1 }[] = [];
  let counter = 0;
  sizes.forEach((k, i) => {
    const who = ['customer', roomIds[i]!.pro, 'staff'];
    for (let j = 0; j < k; j++)
      plan.push({ room: rooms[i]!, who: who[j % 3]!, node: (counter++ % 2) as 0 | 1 });
  });

  const sent = new Map<string, Sent>();
  const latencies: number[] = [];
  const crossLatencies: number[] = [];
  await inBatches(plan, 50, async ({ room, who, node }) => {
    const socket = chatClient(nodes[node]!.url, cookies[who]!);
    await connected(socket);
    const member: Member = {
      socket,
      node,
      userId: userIds[who]!,
      seen: new Set(),
      lastSeq: 0,
      outOfOrder: 0,
      duplicates: 0,
    };
    socket.on('getMessage', (m: ChatMessage) => {
      const now = performance.now();
      const s = sent.get(m.clientId);
      if (member.seen.has(m.clientId)) {
        member.duplicates++;
        return;
      }
      member.seen.add(m.clientId);
      if (m.seq < member.lastSeq) member.outOfOrder++;
      member.lastSeq = Math.max(member.lastSeq, m.seq);
      if (s && s.from !== member) {
        latencies.push(now - s.at);
        if (s.from.node !== member.node) crossLatencies.push(now - s.at);
      }
    });
    const ack = await socket
      .timeout(30_000)
      .emitWithAck('join', { chatRoom: room.id, id: member.userId, type: 'user' });
    if (isAckError(ack)) throw new Error(`join refused: ${ack.error}`);
    member.lastSeq = ack.lastSeq;
    room.members.push(member);
  });
  const setupSeconds = (performance.now() - setupStart) / 1000;
  const loadAtStart = loadavg()[0]!;

  // load: every room sends one message per interval from a random member, rooms offset evenly
  let refused = 0;
  let sequence = 0;
  const timers: NodeJS.Timeout[] = [];
  const pending: Promise<void>[] = [];
  const start = performance.now();
  rooms.forEach((room, i) => {
    const begin = setTimeout(
      () => {
        const tick = () => {
          if (performance.now() - start > SECONDS * 1000) return;
          const from = room.members[Math.floor(random() * room.members.length)]!;
          const clientId = `b${socketCount}-${++sequence}`;
          const record: Sent = { room, from, at: performance.now(), acked: false };
          sent.set(clientId, record);
          pending.push(
            from.socket
              .timeout(15_000)
              .emitWithAck('sendMessage', {
                clientId,
                chatRoom: room.id,
                projectId: room.projectId,
                message: `bench message ${sequence}`,
              })
              .then((ack) => {
                if (isAckError(ack)) refused++;
                else record.acked = true;
              })
              .catch(() => {
                refused++;
              }),
          );
        };
        tick();
        timers.push(setInterval(tick, INTERVAL_MS));
      },
      (i * INTERVAL_MS) / rooms.length,
    );
    timers.push(begin);
  });
  await new Promise((r) => setTimeout(r, SECONDS * 1000 + 100));
  for (const t of timers) clearTimeout(t);
  await Promise.all(pending);
  await new Promise((r) => setTimeout(r, 2000)); // let the last deliveries arrive

  let lost = 0;
  let duplicated = 0;
  let outOfOrder = 0;
  let acked = 0;
  for (const [clientId, s] of sent) {
    if (!s.acked) continue;
    acked++;
    for (const m of s.room.members) if (!m.seen.has(clientId)) lost++;
  }
  for (const room of rooms) {
    for (const m of room.members) {
      duplicated += m.duplicates;
      outOfOrder += m.outOfOrder;
    }
  }
  for (const room of rooms) for (const m of room.members) m.socket.disconnect();
  latencies.sort((a, b) => a - b);
  crossLatencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    sockets: socketCount,
    rooms: rooms.length,
    seconds: SECONDS,
    intervalMs: INTERVAL_MS,
    sent: sent.size,
    acked,
    refused,
    deliveries: latencies.length,
    crossNodeDeliveries: crossLatencies.length,
    p50: round(pct(latencies, 50)),
    p99: round(pct(latencies, 99)),
    crossP50: round(pct(crossLatencies, 50)),
    crossP99: round(pct(crossLatencies, 99)),
    max: round(latencies[latencies.length - 1] ?? NaN),
    lost,
    duplicated,
    outOfOrder,
    setupSeconds: round(setupSeconds),
    /** The machine's 1-minute load average when the sending started and when it ended. */
    loadBefore: round(loadAtStart),
    loadAfter: round(loadavg()[0]!),
  };
}

export async function runChatBench(): Promise<ChatBenchResult[]> {
  const db = await freshDatabase(DATABASE_URL);
  const nodes: ServerNode[] = [];
  const results: ChatBenchResult[] = [];
  try {
    nodes.push(await startNode({ databaseUrl: db.url, redisUrl: REDIS_URL, seedDemo: true }));
    nodes.push(await startNode({ databaseUrl: db.url, redisUrl: REDIS_URL, seedDemo: false }));
    const [a, b] = nodes as [ServerNode, ServerNode];
    const cookies: Record<string, string> = {};
    const userIds: Record<string, string> = {};
    for (const [who, portal] of DEMO_ACCOUNTS) {
      const session = await signIn(a.url, `${who}@demo.facet`, portal);
      cookies[who] = session.cookie;
      userIds[who] = session.id;
    }
    for (const n of SIZES) {
      // said before the nodes are stopped: their stopping fails the sends still waiting, which hides the cause
      const r = await runOnce([a, b], cookies, userIds, n).catch((error: unknown) => {
        console.error(`chat bench at ${n} sockets failed:`, error);
        throw error;
      });
      results.push(r);
      console.log(
        `sockets ${r.sockets} in ${r.rooms} rooms, ${r.seconds}s, 1 msg / room / ${r.intervalMs} ms: sent ${r.sent}, acked ${r.acked}, refused ${r.refused}; ` +
          `deliveries ${r.deliveries} (cross-node ${r.crossNodeDeliveries}); latency p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms; ` +
          `cross-node p50 ${r.crossP50} ms, p99 ${r.crossP99} ms; lost ${r.lost}, duplicated ${r.duplicated}, out-of-order ${r.outOfOrder}; setup ${r.setupSeconds}s; load ${r.loadBefore} -> ${r.loadAfter}`,
      );
    }
  } finally {
    for (const n of nodes) await n.kill('SIGTERM');
    await db.drop();
  }
  writeResults(results);
  return results;
}

function writeResults(results: ChatBenchResult[]) {
  const cpu = cpus();
  const machine = `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB RAM, ${platform()} ${release()}, Node ${process.version}`;
  const rows = results.map(
    (r) =>
      `| ${r.sockets} | ${r.rooms} | ${r.seconds} s, 1 msg/room/${r.intervalMs} ms | ${r.sent} / ${r.acked} / ${r.refused} | ${r.deliveries} (${r.crossNodeDeliveries} cross-node) | ${r.p50} / ${r.p99} | ${r.crossP50} / ${r.crossP99} | ${r.max} | ${r.lost} | ${r.duplicated} | ${r.outOfOrder} | ${r.loadBefore} → ${r.loadAfter} |`,
  );
  const text = `# Chat benchmark

\`npm run bench -- chat\` (bench/chat/chat-bench.ts). Two server processes (\`packages/server/src/main.ts\`) on one
fresh PostgreSQL database and one Redis (socket.io Redis adapter), and one harness process with N socket.io
clients. Rooms of 3–10 sockets (customer, designer and production-team sessions), the sockets of every room
alternate between the two nodes. Every room sends one message per interval from a random member; latency is
from the send call to \`getMessage\` at every other member (one clock: the harness). Lost = an acknowledged
message a member of its room never received; duplicated = received twice; out-of-order = a lower seq
after a higher one at one member. Everything (servers, PostgreSQL, Redis, harness) runs on one machine
over 127.0.0.1, so the harness and the servers share the CPUs.

Machine: ${machine}. Run: ${new Date().toISOString()}.

| sockets | rooms | load | sent / acked / refused | deliveries | p50 / p99 ms | cross-node p50 / p99 ms | max ms | lost | duplicated | out-of-order | machine load (1 min) |
| ------- | ----- | ---- | ---------------------- | ---------- | ------------ | ----------------------- | ------ | ---- | ---------- | ------------ | -------------------- |
${rows.join('\n')}
`;
  writeFileSync(new URL('./RESULTS.md', import.meta.url), text);
}
