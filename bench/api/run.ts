// The API under concurrent clients: starts the real server (bench/api/server.ts, built as main.ts
// builds it) on a fresh embedded database, or on a throw-away PostgreSQL database with --pg or
// DATABASE_URL; seeds customers through the development sign-in, each with projects and a shared
// finished reel; then drives the documented calls with N concurrent clients for a fixed time per level.
//
//   node bench/api/run.ts [--levels 50,200,500] [--seconds 10] [--customers 300] [--projects 4] [--pg] [--only projects,user]
//                         [--log-level info] [--cpu-prof file.cpuprofile] [--keep-db] [--server-src dir]
//   node bench/api/run.ts --baseline [--clients 100] [--seconds 10] [--rounds 3] [--load wrk|node] [--cpu-prof file.cpuprofile]
//
// --baseline (PostgreSQL only, so it implies --pg) measures GET /api/projects alone against a bare
// Fastify + pg server doing the same SQL on the same database (bench/api/baseline.ts, bare-server.ts).
//
// Prints a table per level (rates, latencies, errors by status, server CPU, SQL per request) and one
// per call; results and what they led to are in docs/benchmarks.md.
//
// Each client is one customer: its own session cookie, keep-alive connection and address. The server
// runs as behind a reverse proxy (TRUST_PROXY=true) and each client sends its own X-Forwarded-For, so
// the production rate limits (RATE_LIMIT_MAX per address, 30 dev sign-ins per minute) apply per client.
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent } from 'node:http';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { percentile, runLevel, send, type Call, type Customer, type Operation, type Sample } from './load.ts';
import { sampleParams, sampleScenes } from './sample-data.ts';
import { runBaseline } from './baseline.ts';
import { prepareDatabase, startServer, type Server } from './server-process.ts';
import type { ServerRequest, ServerStats } from './server.ts';

const { values: flags } = parseArgs({
  options: {
    levels: { type: 'string', default: '50,200,500' },
    seconds: { type: 'string', default: '10' },
    customers: { type: 'string', default: '300' },
    projects: { type: 'string', default: '4' },
    pg: { type: 'boolean', default: false },
    /** Keeps the throw-away PostgreSQL database afterwards (for EXPLAIN of the hot queries); prints its URL. */
    'keep-db': { type: 'boolean', default: false },
    'log-level': { type: 'string', default: 'info' },
    /** Another copy of apps/server/src to run instead (for a before/after; its node_modules must sit beside it). */
    'server-src': { type: 'string' },
    /** Writes a V8 CPU profile of the server under load to this file (open it in Chrome DevTools). */
    'cpu-prof': { type: 'string' },
    /** GET /api/projects against bench/api/bare-server.ts, rounds alternating (bench/api/baseline.ts). */
    baseline: { type: 'boolean', default: false },
    clients: { type: 'string', default: '100' },
    /** Only the calls of these names (comma-separated: user, projects, project, subscription, plans, voices, share, patch, trpc). */
    only: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    /** --baseline's load generator: wrk (C, a small share of the cores) or node (load.ts, in this process). */
    load: { type: 'string', default: 'wrk' },
  },
});
const levels = flags.levels.split(',').map(Number).filter((n) => n > 0);
const seconds = Number(flags.seconds);
const customerCount = Number(flags.customers);
const projectsPerCustomer = Math.max(1, Number(flags.projects));

// ——— Seeding through the API ———

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]!, i);
      }
    }),
  );
  return results;
}

function clientIp(i: number): string {
  return `198.18.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;
}

async function seed(server: Server): Promise<{ customers: Customer[]; shortId: string }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const expect = async (call: Call, headers: Record<string, string>, status: number) => {
    const reply = await send(agent, server.url, call, headers);
    if (reply.status !== status) throw new Error(`${call.method} ${call.path}: ${reply.status} ${reply.body.slice(0, 300)}`);
    return reply;
  };
  const customers = await mapLimit(Array.from({ length: customerCount }, (_, i) => i), 16, async (i): Promise<Customer> => {
    const ip = clientIp(i);
    const body = JSON.stringify({ email: `bench-${i}@example.com`, name: `Bench Customer ${i}` });
    const signedIn = await expect({ name: 'sign-in', method: 'POST', path: '/auth/dev', body }, { 'x-forwarded-for': ip }, 200);
    const cookie = signedIn.setCookie.map((c) => c.split(';')[0]!).filter((c) => !c.endsWith('=')).join('; ');
    const headers = { cookie, 'x-forwarded-for': ip };
    const created = await expect({ name: 'create', method: 'POST', path: '/api/projects', body: JSON.stringify({ title: `Morning routine reel ${i}` }) }, headers, 201);
    const id = (JSON.parse(created.body) as { id: string }).id;
    await expect({ name: 'update', method: 'PUT', path: `/api/projects/${id}`, body: JSON.stringify({ scenes: sampleScenes, params: sampleParams }) }, headers, 200);
    return { cookie, ip, projectIds: [id] };
  });
  const owner = customers[0]!;
  const finishedId = owner.projectIds[0]!;
  const dressed = await server.ask({ type: 'dress', finishedProjectId: finishedId, projectsPerCustomer }, 'dressed');
  await mapLimit(customers, 16, async (customer) => {
    const listed = await expect({ name: 'list', method: 'GET', path: '/api/projects' }, { cookie: customer.cookie, 'x-forwarded-for': customer.ip }, 200);
    customer.projectIds = (JSON.parse(listed.body) as { id: string }[]).map((p) => p.id);
  });
  const shared = await expect({ name: 'share', method: 'POST', path: `/api/projects/${finishedId}/share` }, { cookie: owner.cookie, 'x-forwarded-for': owner.ip }, 200);
  agent.destroy();
  const { shortId } = JSON.parse(shared.body) as { shortId: string };
  console.log(`seeded ${customers.length} customers with ${dressed.projects} projects; shared finished project /s/${shortId}`);
  return { customers, shortId };
}

// ——— The mix of calls ———

function operations(shortId: string): Operation[] {
  const project = (c: Customer, n: number) => c.projectIds[n % c.projectIds.length]!;
  const batchInput = encodeURIComponent(JSON.stringify({}));
  return [
    { name: 'GET /api/auth/user', weight: 15, call: () => ({ name: 'user', method: 'GET', path: '/api/auth/user' }) },
    { name: 'GET /api/projects', weight: 20, call: () => ({ name: 'projects', method: 'GET', path: '/api/projects' }) },
    { name: 'GET /api/projects/{id}', weight: 20, call: (c, n) => ({ name: 'project', method: 'GET', path: `/api/projects/${project(c, n)}` }) },
    { name: 'GET /api/subscription/current', weight: 10, call: () => ({ name: 'subscription', method: 'GET', path: '/api/subscription/current' }) },
    { name: 'GET /api/plans', weight: 5, call: () => ({ name: 'plans', method: 'GET', path: '/api/plans' }) },
    { name: 'GET /api/voices', weight: 5, call: () => ({ name: 'voices', method: 'GET', path: '/api/voices' }) },
    { name: 'GET /api/share/{shortId}', weight: 10, call: () => ({ name: 'share', method: 'GET', path: `/api/share/${shortId}` }) },
    {
      name: 'PATCH /api/projects/{id} (title)',
      weight: 5,
      call: (c, n) => ({ name: 'patch', method: 'PATCH', path: `/api/projects/${project(c, n)}`, body: JSON.stringify({ title: `Morning routine reel, take ${n % 100}` }) }),
    },
    {
      name: 'GET /trpc/projects.list,billing.subscription.current',
      weight: 10,
      call: () => ({ name: 'trpc', method: 'GET', path: `/trpc/projects.list,billing.subscription.current?batch=1&input=${batchInput}` }),
    },
  ];
}

/** SQL statements per call of each operation, from 10 calls one after the other (BEGIN/COMMIT not counted). */
async function countQueries(server: Server, customers: Customer[], mix: Operation[]): Promise<Map<string, string>> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const counts = new Map<string, string>();
  const customer = customers[1] ?? customers[0]!;
  for (const op of mix) {
    const before = (await server.ask({ type: 'stats' }, 'stats')).stats.queries;
    for (let n = 0; n < 10; n += 1) await send(agent, server.url, op.call(customer, n), { cookie: customer.cookie, 'x-forwarded-for': customer.ip });
    const after = (await server.ask({ type: 'stats' }, 'stats')).stats.queries;
    counts.set(op.name, ((after - before) / 10).toFixed(1));
  }
  agent.destroy();
  return counts;
}

// ——— Report ———

function errorsOf(samples: Sample[]): string {
  const counts = new Map<number, number>();
  for (const s of samples) if (s.status < 200 || s.status >= 300) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
  if (counts.size === 0) return '0';
  return [...counts].sort((a, b) => a[0] - b[0]).map(([status, n]) => `${n}×${status === 0 ? 'conn' : status}`).join(' ');
}

const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

function latencies(samples: Sample[]): { p50: number; p95: number; p99: number } {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

// ——— Main ———

const startLoad = loadavg();

/** The documented mix of calls at each level of clients. */
async function mixedLoad(server: Server, t0: number): Promise<void> {
  const { customers, shortId } = await seed(server);
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const only = flags.only?.split(',');
  const mix = operations(shortId).filter((op) => !only || only.includes(op.call(customers[0]!, 0).name));
  if (mix.length === 0) throw new Error(`--only ${flags.only}: no such call`);
  console.log(
    [
      `node ${process.version} · ${cpus().length} cores (${availableParallelism()} available) · load average at start ${startLoad.map((l) => l.toFixed(2)).join(' ')}`,
      `database: ${db.kind} · ${customers.length} customers × ${projectsPerCustomer} projects · ${seconds} s per level · server LOG_LEVEL=${flags['log-level']}`,
      'rate limits: production defaults; TRUST_PROXY=true and one X-Forwarded-For per client (as behind a reverse proxy)',
    ].join('\n'),
  );
  // Warm-up: JIT, connection pool, caches; not recorded.
  await runLevel({ base: server.url, clients: 20, seconds: 3, customers, operations: mix });
  const queriesPerCall = await countQueries(server, customers, mix);

  if (flags['cpu-prof']) await server.ask({ type: 'profile', file: resolve(flags['cpu-prof']) }, 'profiled');
  const rows: string[] = [];
  const perOperation: string[] = [];
  for (const clients of levels) {
    const before = (await server.ask({ type: 'stats' }, 'stats')).stats;
    const benchCpu = process.cpuUsage();
    const { samples, wallSeconds, rampSeconds } = await runLevel({ base: server.url, clients, seconds, customers, operations: mix });
    const after: ServerStats = (await server.ask({ type: 'stats' }, 'stats')).stats;
    const benchUsed = process.cpuUsage(benchCpu);
    // CPU and loop delay cover the connect ramp and the timed run, as percent of one core.
    const elapsed = wallSeconds + rampSeconds;
    const serverCpu = (after.cpuUserMs + after.cpuSystemMs - before.cpuUserMs - before.cpuSystemMs) / 10 / elapsed;
    const l = latencies(samples);
    // Per request, counting the connect calls too: what each request costs the server, whatever the machine's load.
    const served = samples.length + clients;
    const cpuPerRequest = (after.cpuUserMs + after.cpuSystemMs - before.cpuUserMs - before.cpuSystemMs) / served;
    const sqlPerRequest = (after.queries - before.queries) / served;
    const cachedPerRequest = (after.cachedQueries - before.cachedQueries) / served;
    rows.push(
      `| ${clients} | ${rampSeconds.toFixed(1)} | ${fmt(samples.length / wallSeconds)} | ${fmt(l.p50)} | ${fmt(l.p95)} | ${fmt(l.p99)} | ${errorsOf(samples)} | ${serverCpu.toFixed(0)}% | ${cpuPerRequest.toFixed(2)} | ${sqlPerRequest.toFixed(2)} | ${cachedPerRequest.toFixed(2)} | ${((benchUsed.user + benchUsed.system) / 1e4 / elapsed).toFixed(0)}% | ${after.loopDelayP99Ms} / ${after.loopDelayMaxMs} | ${loadavg()[0]!.toFixed(1)} |`,
    );
    for (const op of mix) {
      const mine = samples.filter((s) => s.name === op.name);
      const o = latencies(mine);
      perOperation.push(`| ${clients} | ${op.name} | ${queriesPerCall.get(op.name)} | ${mine.length} | ${fmt(o.p50)} | ${fmt(o.p95)} | ${fmt(o.p99)} | ${errorsOf(mine)} |`);
    }
  }
  if (flags['cpu-prof']) await server.ask({ type: 'profile', file: null }, 'profiled');
  console.log('\n| clients | connect s | req/s | p50 ms | p95 ms | p99 ms | errors | server CPU | server CPU ms/req | SQL/req | of them cached/req | bench CPU | server loop delay p99 / max ms | load 1 min |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log('\n| clients | call | SQL per call | requests | p50 ms | p95 ms | p99 ms | errors |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of perOperation) console.log(row);
}

const db = prepareDatabase({ pg: flags.pg || flags.baseline, label: '' });
const dataDir = await mkdtemp(join(tmpdir(), 'reelsmith-bench-api-'));
let server: Server | undefined;
try {
  const t0 = performance.now();
  server = await startServer(dataDir, db.url, { LOG_LEVEL: flags['log-level'], ...(flags['server-src'] ? { BENCH_SERVER_SRC: resolve(flags['server-src']) } : {}) });
  console.log(`server up in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  if (flags.baseline) {
    if (!db.url) throw new Error('--baseline needs PostgreSQL: PGlite lives inside the app process, so no other server can read it');
    console.log(
      `node ${process.version} · ${cpus().length} cores (${availableParallelism()} available) · load average at start ${startLoad.map((l) => l.toFixed(2)).join(' ')} · ${db.kind} · server LOG_LEVEL=${flags['log-level']}`,
    );
    await runBaseline({ server, databaseUrl: db.url, clients: Number(flags.clients), seconds, rounds: Math.max(2, Number(flags.rounds)), load: flags.load === 'node' ? 'node' : 'wrk', cpuProfile: flags['cpu-prof'] ? resolve(flags['cpu-prof']) : undefined });
  } else {
    await mixedLoad(server, t0);
  }
} finally {
  if (server) {
    server.child.send({ type: 'close' } satisfies ServerRequest);
    await new Promise((resolve) => server!.child.once('exit', resolve));
  }
  if (flags['keep-db'] && db.url) console.log(`kept database ${db.url}`);
  else db.drop();
  await rm(dataDir, { recursive: true, force: true });
}
