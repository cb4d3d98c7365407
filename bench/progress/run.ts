// Progress streams at scale (issue 18): one server process (bench/api/server.ts, built as main.ts builds
// it, its SQL counted) follows a project's voiceover jobs for N concurrent generation.progress streams
// (server-sent events, as the wizard opens them). The same jobs run twice in one sitting: followed by one
// stream, then by N; what N streams cost beyond one is the difference.
//
// Then, on PostgreSQL, the bare tool doing the same work in the same run: bench/progress/bare-server.ts
// (plain Fastify and pg in its own process: one LISTEN, one read per change, the same event written to
// every stream) follows the same N streams while the same jobs run a third time through the app (which
// keeps one stream open, so the jobs run as before). Its CPU is compared with what the app's N streams
// cost beyond one. PGlite lives inside the app's process, so another process cannot LISTEN to it: with
// PGlite the baseline is skipped (and the run says so).
//
//   node bench/progress/run.ts [--streams 1000] [--jobs 10] [--scenes 6] [--pg] [--cpu-prof file.cpuprofile]
//
// --cpu-prof writes a V8 CPU profile of the app during its N-stream phase (where its extra CPU goes; the
// profiler's own cost is in that run's CPU figures, so quote them from a run without it).
//
// Prints a table of the phases, then the last line
// `streams=<n> updates=<n> statements_per_update=<n> events_delivered=<n> server_cpu_s=<n> one_stream_cpu_s=<n>
//  app_fanout_cpu_s=<n> bare_cpu_s=<n> cpu_ratio=<n> bare_updates=<n> bare_events_delivered=<n>`,
// where statements_per_update counts the progress fan-out's reads (a project's recent jobs, read once per
// change for all its streams) per pushed update with N streams open, app_fanout_cpu_s is the app's CPU with
// N streams minus its CPU with one, and cpu_ratio is app_fanout_cpu_s / bare_cpu_s. Every stream of either
// server must receive every update (events delivered = updates × streams), or the run fails.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Agent, get } from 'node:http';
import { prepareDatabase, startServer, type Server } from '../api/server-process.ts';
import type { ServerStats } from '../api/server.ts';
import { startBareServer, type BareServer } from '../bare-process.ts';
import type { ProgressBareCounters } from './bare-server.ts';

const { values: flags } = parseArgs({
  options: {
    streams: { type: 'string', default: '1000' },
    jobs: { type: 'string', default: '10' },
    scenes: { type: 'string', default: '6' },
    pg: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
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

/** The app's progress stream of a project, as the browser's subscription link opens it. */
function appStreamUrl(base: string, projectId: string): string {
  return `${base}/trpc/generation.progress?input=${encodeURIComponent(JSON.stringify({ json: { id: projectId } }))}`;
}

/** One progress stream (the app's or the bare server's: the same events); counts the lists it is sent. */
function openStream(url: string, cookie: string, index: number, signal: AbortSignal) {
  const state = { lists: 0, connected: false, last: [] as { id: string; status: string }[], lastId: '', lastData: '' };
  const done = new Promise<void>((resolve, reject) => {
    const req = get(
      url,
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
            const id = /^id: ?(.*)$/m.exec(block)?.[1];
            if (id !== undefined) {
              state.lists += 1;
              state.lastId = id;
              const data = /^data: ?(.*)$/m.exec(block)?.[1];
              if (data) {
                state.lastData = data;
                state.last = (JSON.parse(data) as { json: { id: string; status: string }[] }).json;
              }
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
  server: string;
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

type Stream = ReturnType<typeof openStream>;
const finished = (stream: Stream, jobId: string) => stream.state.last.some((j) => j.id === jobId && (j.status === 'succeeded' || j.status === 'dead'));

/** The phase's jobs, one after the other, through the app; each is done when every watching stream shows it finished. */
async function runJobs(server: Server, cookie: string, projectId: string, voiceId: string, watching: Stream[]): Promise<void> {
  for (let j = 0; j < jobCount; j += 1) {
    const speed = 0.9 + (j % 3) * 0.1;
    const sceneSpeedSettings = Object.fromEntries(Array.from({ length: sceneCount }, (_, i) => [`scene-${i + 1}`, speed]));
    const accepted = await call(server.url.origin, 'POST', `/api/projects/${projectId}/generate-voiceover`, { cookie, prefer: 'respond-async', 'x-forwarded-for': '10.255.0.1' }, { voiceId, sceneSpeedSettings });
    const { job } = (await accepted.json()) as { job: { id: string } };
    // Done when the streams show it finished (the streams are how the wizard learns it).
    await until(`job ${job.id} finished on the streams`, () => watching.every((s) => finished(s, job.id)), 180_000);
  }
}

/** The last list has reached every stream; each stream was sent every update the first one was, or the run fails. */
async function delivered(what: string, open: Stream[], listsBefore: number[]): Promise<{ updates: number; eventsDelivered: number }> {
  const target = open[0]!.state.lists;
  await until(`${what}: every stream has the last list`, () => open.every((s) => s.state.lists >= target), 60_000);
  const updates = target - listsBefore[0]!;
  const counts = open.map((s, i) => s.state.lists - listsBefore[i]!);
  const eventsDelivered = counts.reduce((sum, n) => sum + n, 0);
  const short = counts.filter((n) => n !== updates).length;
  if (short > 0 || eventsDelivered !== updates * open.length) {
    throw new Error(`${what}: ${eventsDelivered} events delivered, not ${updates} updates × ${open.length} streams = ${updates * open.length} (${short} streams got another count)`);
  }
  return { updates, eventsDelivered };
}

async function phase(server: Server, cookie: string, projectId: string, voiceId: string, streams: number, profileFile?: string): Promise<Phase> {
  const stop = new AbortController();
  const url = appStreamUrl(server.url.origin, projectId);
  const open = Array.from({ length: streams }, (_, i) => openStream(url, cookie, i, stop.signal));
  // Every stream connected and showing the current list before counting starts.
  await until(`${streams} streams connected`, () => open.every((s) => s.state.lists >= 1), 120_000);
  const before = await serverStats(server);
  const listsBefore = open.map((s) => s.state.lists);
  if (profileFile) await server.ask({ type: 'profile', file: profileFile }, 'profiled');
  const started = performance.now();
  await runJobs(server, cookie, projectId, voiceId, [open[0]!]);
  const { updates, eventsDelivered } = await delivered(`app, ${streams} streams`, open, listsBefore);
  const seconds = (performance.now() - started) / 1000;
  if (profileFile) await server.ask({ type: 'profile', file: null }, 'profiled');
  const after = await serverStats(server);
  stop.abort();
  await Promise.allSettled(open.map((s) => s.done));
  return {
    server: 'app',
    streams,
    updates,
    eventsDelivered,
    statements: after.queries - before.queries,
    jobReads: after.jobReads - before.jobReads,
    jobListReads: after.jobListReads - before.jobListReads,
    cpuS: (after.cpuUserMs + after.cpuSystemMs - before.cpuUserMs - before.cpuSystemMs) / 1000,
    seconds,
  };
}

// ——— The bare tool doing the same work ———

type Bare = BareServer<ProgressBareCounters>;

/** Starts this bench's bare server on the same database and waits until it listens. */
const startBare = (databaseUrl: string): Promise<Bare> => startBareServer(join(import.meta.dirname, 'bare-server.ts'), databaseUrl);

/**
 * The same N streams on the bare server while the same jobs run through the app, which keeps one
 * stream of its own open (the jobs run as in the app's phases). Answers the bare server's phase and
 * the app's beside it.
 */
async function barePhase(server: Server, bare: Bare, cookie: string, projectId: string, voiceId: string, streams: number): Promise<{ bare: Phase; app: Phase }> {
  const stop = new AbortController();
  const appStream = openStream(appStreamUrl(server.url.origin, projectId), cookie, 0, stop.signal);
  const url = `${bare.url.origin}/progress/${projectId}`;
  const open = Array.from({ length: streams }, (_, i) => openStream(url, cookie, i + 1, stop.signal));
  await until(`${streams} bare streams and one app stream connected`, () => appStream.state.lists >= 1 && open.every((s) => s.state.lists >= 1), 120_000);
  const bareBefore = await bare.stats();
  const appBefore = await serverStats(server);
  const listsBefore = open.map((s) => s.state.lists);
  const appListsBefore = appStream.state.lists;
  const started = performance.now();
  await runJobs(server, cookie, projectId, voiceId, [appStream, open[0]!]);
  const bareDelivered = await delivered(`bare, ${streams} streams`, open, listsBefore);
  const seconds = (performance.now() - started) / 1000;
  const bareAfter = await bare.stats();
  const appAfter = await serverStats(server);
  // The same last event on both servers: the same id and the same data, byte for byte.
  await until('the app and the bare server show the same last list', () => appStream.state.lastId === open[0]!.state.lastId, 10_000).catch(() => undefined);
  if (appStream.state.lastId !== open[0]!.state.lastId || appStream.state.lastData !== open[0]!.state.lastData) {
    throw new Error(`the bare server's last event differs from the app's:\n  app:  id: ${appStream.state.lastId}\n        data: ${appStream.state.lastData}\n  bare: id: ${open[0]!.state.lastId}\n        data: ${open[0]!.state.lastData}`);
  }
  stop.abort();
  await Promise.allSettled([appStream.done, ...open.map((s) => s.done)]);
  const bareReads = bareAfter.reads - bareBefore.reads;
  return {
    bare: {
      server: 'bare (Fastify + pg)',
      streams,
      ...bareDelivered,
      statements: bareReads,
      jobReads: bareReads,
      jobListReads: bareReads,
      cpuS: (bareAfter.cpuUserMs + bareAfter.cpuSystemMs - bareBefore.cpuUserMs - bareBefore.cpuSystemMs) / 1000,
      seconds,
    },
    app: {
      server: 'app, beside bare',
      streams: 1,
      updates: appStream.state.lists - appListsBefore,
      eventsDelivered: appStream.state.lists - appListsBefore,
      statements: appAfter.queries - appBefore.queries,
      jobReads: appAfter.jobReads - appBefore.jobReads,
      jobListReads: appAfter.jobListReads - appBefore.jobListReads,
      cpuS: (appAfter.cpuUserMs + appAfter.cpuSystemMs - appBefore.cpuUserMs - appBefore.cpuSystemMs) / 1000,
      seconds,
    },
  };
}

const database = prepareDatabase({ pg: flags.pg, label: 'progress_' });
const dataDir = await mkdtemp(join(tmpdir(), 'reelsmith-bench-progress-'));
const server = await startServer(dataDir, database.url, { LOG_LEVEL: 'warn' });
let bare: Bare | undefined;
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
  const many = await phase(server, cookie, project.id, voices[0]!.id, streamCount, flags['cpu-prof'] ? resolve(flags['cpu-prof']) : undefined);
  let baseline: { bare: Phase; app: Phase } | undefined;
  if (database.url) {
    bare = await startBare(database.url);
    baseline = await barePhase(server, bare, cookie, project.id, voices[0]!.id, streamCount);
  }
  const rows = [one, many, ...(baseline ? [baseline.app, baseline.bare] : [])].map((p) => ({
    server: p.server,
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
  const round = (n: number) => Math.round(n * 100) / 100;
  const appFanoutCpuS = many.cpuS - one.cpuS;
  const bareFields = baseline
    ? ` bare_cpu_s=${round(baseline.bare.cpuS)} cpu_ratio=${round(appFanoutCpuS / baseline.bare.cpuS)} bare_updates=${baseline.bare.updates} bare_events_delivered=${baseline.bare.eventsDelivered}` +
      // The two may push a different number of updates (a busy fan-out skips lists that changed again while it was read): per event delivered.
      ` cpu_per_event_ratio=${round(appFanoutCpuS / many.eventsDelivered / (baseline.bare.cpuS / baseline.bare.eventsDelivered))}`
    : ' bare=skipped';
  if (!baseline) console.log('bare-tool baseline skipped: PGlite lives inside the app process, so no other process can LISTEN to it (run with --pg)');
  console.log(
    `streams=${streamCount} updates=${many.updates} statements_per_update=${round(many.jobListReads / many.updates)} events_delivered=${many.eventsDelivered} server_cpu_s=${round(many.cpuS)} one_stream_cpu_s=${round(one.cpuS)} app_fanout_cpu_s=${round(appFanoutCpuS)}${bareFields}`,
  );
} finally {
  await bare?.close();
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  database.drop();
  await rm(dataDir, { recursive: true, force: true });
}
