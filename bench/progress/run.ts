// Progress streams at scale (issue 18): one server process (bench/api/server.ts, built as main.ts builds
// it, its SQL counted) follows a project's voiceover jobs for N concurrent generation.progress streams
// (server-sent events, as the wizard opens them). The same jobs run twice in one sitting: followed by one
// stream, then by N; what N streams cost beyond one is the difference.
//
//   node bench/progress/run.ts [--streams 1000] [--jobs 10] [--scenes 6] [--pg]
//
// Prints a table per phase, then the last line
// `streams=<n> updates=<n> statements_per_update=<n> events_delivered=<n> server_cpu_s=<n> one_stream_cpu_s=<n>`,
// where statements_per_update counts the progress fan-out's reads (a project's recent jobs, read once per
// change for all its streams) per pushed update with N streams open.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Agent, get } from 'node:http';
import { prepareDatabase, startServer, type Server } from '../api/server-process.ts';
import type { ServerStats } from '../api/server.ts';

const { values: flags } = parseArgs({
  options: {
    streams: { type: 'string', default: '1000' },
    jobs: { type: 'string', default: '10' },
    scenes: { type: 'string', default: '6' },
    pg: { type: 'boolean', default: false },
  },
});
const streamCount = Number(flags.streams);
const jobCount = Number(flags.jobs);
const sceneCount = Number(flags.scenes);
// A thousand open streams are a thousand connections to one origin.
const streamAgent = new Agent({ keepAlive: false, maxSockets: Infinity });

// ——— The customer, through the API ———

async function call(base: string, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Response> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

/** One progress stream as the browser's subscription link opens it; counts the lists it is sent. */
function openStream(base: string, cookie: string, projectId: string, index: number, signal: AbortSignal) {
  const state = { lists: 0, connected: false, last: [] as { id: string; status: string }[] };
  const input = encodeURIComponent(JSON.stringify({ json: { id: projectId } }));
  const done = new Promise<void>((resolve, reject) => {
    const req = get(
      `${base}/trpc/generation.progress?input=${input}`,
      { agent: streamAgent, signal, headers: { cookie, accept: 'text/event-stream', 'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}` } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream ${index}: ${res.statusCode}`));
          res.resume();
          return;
        }
        state.connected = true;
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (/^id: /m.test(block)) {
              state.lists += 1;
              const data = /^data: ?(.*)$/m.exec(block)?.[1];
              if (data) state.last = (JSON.parse(data) as { json: { id: string; status: string }[] }).json;
            }
          }
        });
        res.on('end', resolve);
        res.on('error', (err) => (signal.aborted ? resolve() : reject(err)));
      },
    );
    req.on('error', (err) => (signal.aborted ? resolve() : reject(err)));
  });
  return { state, done };
}

async function until(what: string, predicate: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface Phase {
  streams: number;
  updates: number;
  eventsDelivered: number;
  statements: number;
  jobReads: number;
  jobListReads: number;
  cpuS: number;
  seconds: number;
}

const serverStats = async (server: Server): Promise<ServerStats> => (await server.ask({ type: 'stats' }, 'stats')).stats;

async function phase(server: Server, cookie: string, projectId: string, voiceId: string, streams: number): Promise<Phase> {
  const stop = new AbortController();
  const open = Array.from({ length: streams }, (_, i) => openStream(server.url.origin, cookie, projectId, i, stop.signal));
  // Every stream connected and showing the current list before counting starts.
  await until(`${streams} streams connected`, () => open.every((s) => s.state.lists >= 1), 120_000);
  const before = await serverStats(server);
  const listsBefore = open.map((s) => s.state.lists);
  const started = performance.now();
  for (let j = 0; j < jobCount; j += 1) {
    const speed = 0.9 + (j % 3) * 0.1;
    const sceneSpeedSettings = Object.fromEntries(Array.from({ length: sceneCount }, (_, i) => [`scene-${i + 1}`, speed]));
    const accepted = await call(server.url.origin, 'POST', `/api/projects/${projectId}/generate-voiceover`, { cookie, prefer: 'respond-async', 'x-forwarded-for': '10.255.0.1' }, { voiceId, sceneSpeedSettings });
    const { job } = (await accepted.json()) as { job: { id: string } };
    // Done when the first stream shows it finished (the streams are how the wizard learns it).
    await until(`job ${job.id} finished on the streams`, () => open[0]!.state.last.some((j) => j.id === job.id && (j.status === 'succeeded' || j.status === 'dead')), 180_000);
  }
  // The last list reaches every stream.
  const target = open[0]!.state.lists;
  await until('every stream has the last list', () => open.every((s) => s.state.lists >= target), 60_000);
  const seconds = (performance.now() - started) / 1000;
  const after = await serverStats(server);
  stop.abort();
  await Promise.allSettled(open.map((s) => s.done));
  const updates = target - listsBefore[0]!;
  return {
    streams,
    updates,
    eventsDelivered: open.reduce((sum, s, i) => sum + s.state.lists - listsBefore[i]!, 0),
    statements: after.queries - before.queries,
    jobReads: after.jobReads - before.jobReads,
    jobListReads: after.jobListReads - before.jobListReads,
    cpuS: (after.cpuUserMs + after.cpuSystemMs - before.cpuUserMs - before.cpuSystemMs) / 1000,
    seconds,
  };
}

const database = prepareDatabase({ pg: flags.pg, label: 'progress_' });
const dataDir = await mkdtemp(join(tmpdir(), 'reelsmith-bench-progress-'));
const server = await startServer(dataDir, database.url, { LOG_LEVEL: 'warn' });
try {
  const signIn = await call(server.url.origin, 'POST', '/auth/dev', { 'x-forwarded-for': '10.254.0.1' }, { email: 'progress.bench@example.com', name: 'Pat Progress' });
  const cookie = (signIn.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  const headers = { cookie, 'x-forwarded-for': '10.254.0.2' };
  const project = (await (await call(server.url.origin, 'POST', '/api/projects', headers, { reelTime: 20, aspect: '1:1' })).json()) as { id: string };
  const script = Array.from({ length: sceneCount }, (_, i) => `Sentence number ${i + 1} tells one short thing.`).join(' ');
  await call(server.url.origin, 'POST', `/api/projects/${project.id}/generate-scenes`, headers, { script, reelTime: 20, sceneCount });
  const voices = (await (await call(server.url.origin, 'GET', '/api/voices', headers)).json()) as { id: string }[];

  console.log(`# progress streams: ${database.kind}, ${jobCount} voiceover jobs of ${sceneCount} scenes per phase`);
  const one = await phase(server, cookie, project.id, voices[0]!.id, 1);
  const many = await phase(server, cookie, project.id, voices[0]!.id, streamCount);
  const rows = [one, many].map((p) => ({
    streams: p.streams,
    updates: p.updates,
    'events delivered': p.eventsDelivered,
    'SQL statements': p.statements,
    'jobs-table reads': p.jobReads,
    'job-list reads (fan-out)': p.jobListReads,
    'fan-out reads / update': Math.round((p.jobListReads / p.updates) * 100) / 100,
    'server CPU s': Math.round(p.cpuS * 100) / 100,
    'wall s': Math.round(p.seconds * 10) / 10,
  }));
  console.table(rows);
  const extraStatements = many.statements - one.statements;
  console.log(`${streamCount - 1} more streams cost ${extraStatements} more statements over ${many.updates} updates (${Math.round((extraStatements / many.updates) * 100) / 100} per update)`);
  console.log(
    `streams=${streamCount} updates=${many.updates} statements_per_update=${Math.round((many.jobListReads / many.updates) * 100) / 100} events_delivered=${many.eventsDelivered} server_cpu_s=${Math.round(many.cpuS * 100) / 100} one_stream_cpu_s=${Math.round(one.cpuS * 100) / 100}`,
  );
} finally {
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  database.drop();
  await rm(dataDir, { recursive: true, force: true });
}
