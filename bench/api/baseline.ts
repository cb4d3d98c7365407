// bench/api --baseline: `GET /api/projects` on the app against bench/api/bare-server.ts (plain Fastify
// + `pg`, the same statements on the same PostgreSQL database) in the same run. One customer with one
// finished, shared project, seeded through the app's own endpoints. First both servers are asked the
// same call with the same cookie (and once without one) and must answer the same status, content-type
// and JSON, or the run fails; then rounds alternate, ours then bare, each with the same number of
// keep-alive connections sending the call one after another, from wrk (`--load wrk`, the default: a C
// load generator takes a small share of the two cores both servers are measured on) or from load.ts's
// node:http clients (`--load node`, which decompress and time every answer in this process). The last line is
// `api_ratio=<ours req/s ÷ bare req/s, median of rounds> p99_ms=<ours median p99> bare_p99_ms=<bare median p99>`.
import { Agent } from 'node:http';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { startBareServer, type BareServer } from '../bare-process.ts';
import type { ApiBareCounters } from './bare-server.ts';
import { percentile, runLevel, send, type Call, type Customer, type Operation, type Sample } from './load.ts';
import { sampleParams, sampleScenes } from './sample-data.ts';
import type { Server } from './server-process.ts';
import { hasWrk, runWrk } from './wrk-load.ts';

type Bare = BareServer<ApiBareCounters>;

/** Starts this bench's bare server on the same database and waits until it listens. */
const startBare = (databaseUrl: string): Promise<Bare> => startBareServer(join(import.meta.dirname, 'bare-server.ts'), databaseUrl);

/** One customer (bench-baseline@example.com) with one finished, shared project, through the app's endpoints. */
async function seedOne(server: Server): Promise<{ cookie: string; projectId: string }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const ip = '198.18.250.1';
  const expect = async (call: Call, headers: Record<string, string>, status: number) => {
    const reply = await send(agent, server.url, call, { 'x-forwarded-for': ip, ...headers });
    if (reply.status !== status) throw new Error(`${call.method} ${call.path}: ${reply.status} ${reply.body.slice(0, 300)}`);
    return reply;
  };
  const body = JSON.stringify({ email: 'bench-baseline@example.com', name: 'Bench Baseline' });
  const signedIn = await expect({ name: 'sign-in', method: 'POST', path: '/auth/dev', body }, {}, 200);
  const cookie = signedIn.setCookie.map((c) => c.split(';')[0]!).filter((c) => !c.endsWith('=')).join('; ');
  const created = await expect({ name: 'create', method: 'POST', path: '/api/projects', body: JSON.stringify({ title: 'Morning routine reel' }) }, { cookie }, 201);
  const projectId = (JSON.parse(created.body) as { id: string }).id;
  await expect({ name: 'update', method: 'PUT', path: `/api/projects/${projectId}`, body: JSON.stringify({ scenes: sampleScenes, params: sampleParams }) }, { cookie }, 200);
  await server.ask({ type: 'dress', finishedProjectId: projectId, projectsPerCustomer: 1 }, 'dressed');
  await expect({ name: 'share', method: 'POST', path: `/api/projects/${projectId}/share` }, { cookie }, 200);
  agent.destroy();
  return { cookie, projectId };
}

interface Answer {
  status: number;
  contentType: string | null;
  contentEncoding: string | null;
  text: string;
}

async function fetchProjects(base: URL, cookie: string | undefined): Promise<Answer> {
  const res = await fetch(new URL('/api/projects', base), {
    headers: { accept: 'application/json', 'accept-encoding': 'br, gzip', 'x-forwarded-for': '198.18.250.2', ...(cookie ? { cookie } : {}) },
  });
  return { status: res.status, contentType: res.headers.get('content-type'), contentEncoding: res.headers.get('content-encoding'), text: await res.text() };
}

/** Fails unless both servers answer the call the same, signed in and signed out. */
async function compareAnswers(ours: URL, bare: URL, cookie: string): Promise<void> {
  for (const [label, withCookie] of [['with the session cookie', cookie], ['without a cookie', undefined]] as const) {
    const [a, b] = await Promise.all([fetchProjects(ours, withCookie), fetchProjects(bare, withCookie)]);
    const same =
      a.status === b.status && a.contentType === b.contentType && a.contentEncoding === b.contentEncoding && isDeepStrictEqual(JSON.parse(a.text), JSON.parse(b.text));
    if (!same) {
      throw new Error(
        `GET /api/projects ${label}: the bare server answers differently\n` +
          `  ours: ${a.status} ${a.contentType} ${a.contentEncoding} ${a.text}\n  bare: ${b.status} ${b.contentType} ${b.contentEncoding} ${b.text}`,
      );
    }
    let at = 0;
    while (at < a.text.length && a.text[at] === b.text[at]) at += 1;
    const bytes = a.text === b.text ? 'identical' : `keys in another order from byte ${at}: ours …${a.text.slice(at, at + 40)}…, bare …${b.text.slice(at, at + 40)}…`;
    console.log(`same answer ${label}: ${a.status} ${a.contentType}, ${a.contentEncoding ?? 'not compressed'}, JSON deeply equal (${a.text.length} bytes; byte for byte ${bytes})`);
  }
}

interface Round {
  server: 'ours' | 'bare';
  round: number;
  rate: number;
  p50: number;
  p99: number;
  errors: string;
  cpuMsPerRequest: number;
  sqlPerRequest: number;
}

function errorsOf(samples: Sample[]): string {
  const counts = new Map<number, number>();
  for (const s of samples) if (s.status !== 200) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
  if (counts.size === 0) return '0';
  return [...counts].sort((a, b) => a[0] - b[0]).map(([status, n]) => `${n}×${status === 0 ? 'conn' : status}`).join(' ');
}

/** One round from load.ts's node:http clients (each answer decompressed and timed in this process). */
async function nodeRound(base: URL, clients: number, seconds: number, customers: Customer[], operations: Operation[]) {
  const { samples, wallSeconds } = await runLevel({ base, clients, seconds, customers, operations });
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return { rate: samples.length / wallSeconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99), errors: errorsOf(samples), requests: samples.length + clients };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

export async function runBaseline(options: {
  server: Server;
  databaseUrl: string;
  clients: number;
  seconds: number;
  rounds: number;
  load: 'node' | 'wrk';
  cpuProfile?: string | undefined;
}): Promise<void> {
  const { server, clients, seconds, rounds } = options;
  if (options.load === 'wrk' && !(await hasWrk())) throw new Error("bench/api --baseline loads with wrk (Debian's package: apt-get install wrk), or pass --load node");
  const { cookie } = await seedOne(server);
  const bare = await startBare(options.databaseUrl);
  try {
    console.log(`bare server (Fastify + pg) up at ${bare.url.origin}, same database`);
    await compareAnswers(server.url, bare.url, cookie);
    const operations: Operation[] = [{ name: 'GET /api/projects', weight: 1, call: () => ({ name: 'projects', method: 'GET', path: '/api/projects' }) }];
    // Every connection is the same customer, each with its own address (the app's rate limit is per address),
    // a new one each round so no address nears RATE_LIMIT_MAX (1,200 a minute) over the run.
    const connections = (round: number, side: number): Customer[] =>
      Array.from({ length: clients }, (_, i) => ({ cookie, ip: `198.19.${round * 2 + side}.${i + 1}`, projectIds: [] }));

    const stats = async (which: 'ours' | 'bare') => {
      if (which === 'bare') return bare.stats();
      return (await server.ask({ type: 'stats' }, 'stats')).stats;
    };
    // SQL statements per call, from 10 calls one after the other.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const sqlPerCall: Record<string, number> = {};
    for (const [which, base] of [['ours', server.url], ['bare', bare.url]] as const) {
      const before = (await stats(which)).queries;
      for (let n = 0; n < 10; n += 1) await send(agent, base, operations[0]!.call(connections(0, 0)[0]!, n), { cookie, 'x-forwarded-for': '198.18.250.3' });
      sqlPerCall[which] = ((await stats(which)).queries - before) / 10;
    }
    agent.destroy();
    console.log(`SQL statements per call: ours ${sqlPerCall.ours!.toFixed(1)}, bare ${sqlPerCall.bare!.toFixed(1)}`);
    const generator = options.load === 'wrk' ? 'wrk, one thread (answers not decompressed)' : "node:http clients in this process (after every connection's first, untimed call; each answer decompressed)";
    console.log(`${rounds} rounds each, alternating ours and bare; ${clients} keep-alive connections, ${seconds} s per round; load from ${generator}`);

    if (options.cpuProfile) {
      console.log(`profiling ours during its rounds into ${options.cpuProfile} (the profiler slows it: the ratio of this run is not comparable)`);
      await server.ask({ type: 'profile', file: options.cpuProfile }, 'profiled');
    }
    const results: Round[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      for (const [side, which] of (['ours', 'bare'] as const).entries()) {
        const base = which === 'ours' ? server.url : bare.url;
        const before = await stats(which);
        const customers = connections(round, side);
        const measured =
          options.load === 'wrk'
            ? await runWrk({ url: new URL('/api/projects', base), clients, seconds, headers: { cookie, accept: 'application/json', 'accept-encoding': 'br, gzip' }, addresses: customers.map((c) => c.ip) })
            : await nodeRound(base, clients, seconds, customers, operations);
        const after = await stats(which);
        results.push({
          server: which,
          round,
          rate: measured.rate,
          p50: measured.p50,
          p99: measured.p99,
          errors: typeof measured.errors === 'string' ? measured.errors : String(measured.errors),
          cpuMsPerRequest: (after.cpuUserMs + after.cpuSystemMs - before.cpuUserMs - before.cpuSystemMs) / measured.requests,
          sqlPerRequest: (after.queries - before.queries) / measured.requests,
        });
        const r = results.at(-1)!;
        console.log(`  ${which} round ${round}: ${fmt(r.rate)} req/s, p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, errors ${r.errors}`);
      }
    }
    if (options.cpuProfile) await server.ask({ type: 'profile', file: null }, 'profiled');

    console.log('\n| server | round | req/s | p50 ms | p99 ms | errors | server CPU ms/req | SQL/req |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const r of results) {
      const name = r.server === 'ours' ? 'ours (app)' : 'bare (Fastify + pg)';
      console.log(`| ${name} | ${r.round} | ${fmt(r.rate)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${r.errors} | ${r.cpuMsPerRequest.toFixed(2)} | ${r.sqlPerRequest.toFixed(2)} |`);
    }
    const ours = results.filter((r) => r.server === 'ours');
    const theirs = results.filter((r) => r.server === 'bare');
    const first = { ours: ours[0]!, bare: theirs[0]! };
    const ratios = ours.map((r, i) => r.rate / theirs[i]!.rate);
    console.log(
      `\nfirst round: api_ratio=${(first.ours.rate / first.bare.rate).toFixed(2)} p99_ms=${fmt(first.ours.p99)} bare_p99_ms=${fmt(first.bare.p99)} (ours ${fmt(first.ours.rate)} req/s, bare ${fmt(first.bare.rate)} req/s)`,
    );
    console.log(
      `medians: ours ${fmt(median(ours.map((r) => r.rate)))} req/s, bare ${fmt(median(theirs.map((r) => r.rate)))} req/s; ratio of each round: ${ratios.map((x) => x.toFixed(2)).join(', ')}`,
    );
    const ratio = median(ours.map((r) => r.rate)) / median(theirs.map((r) => r.rate));
    console.log(`api_ratio=${ratio.toFixed(2)} p99_ms=${fmt(median(ours.map((r) => r.p99)))} bare_p99_ms=${fmt(median(theirs.map((r) => r.p99)))}`);
  } finally {
    await bare.close();
  }
}
