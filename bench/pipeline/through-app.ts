// `node bench/pipeline/run.ts --through-app [--quality high] [--transition crossfade] [--repeat 3] [--pg]`
//
// A 30-second, five-scene 9:16 reel from script to downloaded MP4 through the running app: the real
// server process (bench/api/server.ts, built as main.ts builds it, on a fresh embedded database or a
// throw-away PostgreSQL one), driven over HTTP as an integrator would: REST calls with
// `Prefer: respond-async`, each job followed at GET /api/jobs/{id}, the final file fetched from
// storage through /media. Every run is a new customer (moved to Pro through the local checkout, as a
// 30-second reel needs) with a new project, so no stored artifact is reused.
//
// The server's renderer and merger report their ffmpeg commands (bench/pipeline/recorded-encodes.ts);
// after each run the same encodes are replayed as bare ffmpeg, with the app's concurrency. The table
// has each stage's wall time through the app and, for the video stages, bare ffmpeg's; the run's
// first and median totals are printed, and last:
//   total_s=<script to MP4, median> bare_s=<bare encodes, median> ratio=<video stages through the app / bare>
// With KEEP_BENCH_DIR=1 the run's folder (recorded encodes and their inputs, the server's data) is kept
// and not deleted at the end, to replay or inspect an encode.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalVideoMerger, probe, runTool } from '@reelsmith/media';
import { prepareDatabase, startServer, type Server } from '../api/server-process.ts';
import type { ServerRequest } from '../api/server.ts';
import type { RecordedEncodes } from './recorded-encodes.ts';
import { bareFfmpeg, mapLimit, median } from './bare-replay.ts';

export interface ThroughAppOptions {
  quality: 'standard' | 'high';
  transition: 'none' | 'fade' | 'crossfade';
  repeat: number;
  pg: boolean;
}

/** 95 words, near the most a 30-second reel takes (30 × 2.7 × 1.2); voiced at 0.8× speed by the local voices, about 30 s. */
const SCRIPT = [
  'Hi, I am Maya, and this little bottle honestly changed my mornings completely.',
  'I used to spend twenty minutes on my skin every day, and now it takes two.',
  'Here is how it works: one pump on clean skin, pat it in gently, and wait ten seconds.',
  'It soaks in fast, with no sticky feeling at all, and my makeup goes on smooth.',
  'After two weeks my friends kept asking what I had changed.',
  'So try it yourself: tap the link below and use my code for your first order.',
].join(' ');
const SCENES = 5;
const VOICE_SPEED = 0.8;
const REEL_SECONDS = 30;
/** The app renders two scenes at a time (videos-step.ts); the bare replay does the same. */
const APP_RENDER_CONCURRENCY = 2;

interface Http {
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; json: unknown; headers: Headers }>;
  download(path: string, file: string): Promise<number>;
}

function client(base: URL, ip: string): Http & { signIn(email: string): Promise<void> } {
  let cookie = '';
  const request = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(new URL(path, base), {
      method,
      redirect: 'manual',
      headers: { cookie, 'x-forwarded-for': ip, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return {
    async signIn(email) {
      const res = await request('POST', '/auth/dev', { email, name: 'Bench Customer' });
      if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
      cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .filter((c) => !c.endsWith('='))
        .join('; ');
    },
    async call(method, path, body, headers) {
      const res = await request(method, path, body, headers);
      const text = await res.text();
      return { status: res.status, json: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text, headers: res.headers };
    },
    async download(path, file) {
      const res = await request('GET', path);
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
      const bytes = Buffer.from(await res.arrayBuffer());
      await writeFile(file, bytes);
      return bytes.length;
    },
  };
}

/** One call that must answer `status`; its JSON body is taken to be a T (the bench checks what it uses). */
async function expectStatus<T = unknown>(http: Http, status: number, method: string, path: string, body?: unknown, headers?: Record<string, string>) {
  const res = await http.call(method, path, body, headers);
  if (res.status !== status) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.json).slice(0, 400)}`);
  return { ...res, json: res.json as T };
}

interface JobView {
  status: string;
  error: unknown;
  result: Record<string, unknown>;
}

/** Starts a generation step answered at once (RFC 7240) and follows its job until it is done. */
async function runStep<T>(http: Http, path: string, body: unknown): Promise<T> {
  const started = await expectStatus(http, 202, 'POST', path, body, { prefer: 'respond-async' });
  const location = started.headers.get('location');
  if (!location) throw new Error(`${path}: 202 without Location`);
  for (;;) {
    const job = (await expectStatus<JobView>(http, 200, 'GET', location)).json;
    if (job.status === 'succeeded') return job.result as T;
    if (job.status === 'dead' || job.status === 'failed') throw new Error(`${path}: job ${job.status}: ${JSON.stringify(job.error)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Moves a new customer onto the Pro plan through the local checkout, as the payment page does. */
async function upgrade(http: Http): Promise<void> {
  const plans = (await expectStatus<{ id: string; code: string }[]>(http, 200, 'GET', '/api/plans?type=monthly')).json;
  const pro = plans.find((p) => p.code === 'pro-monthly');
  if (!pro) throw new Error('no pro-monthly plan');
  const { sessionId } = (await expectStatus<{ sessionId: string }>(http, 200, 'POST', '/api/stripe/create-checkout-session', { planId: pro.id, quantity: 1 })).json;
  await expectStatus(http, 303, 'POST', `/billing/local-checkout/${sessionId}/pay`);
  const confirmed = (await expectStatus<{ ok: boolean }>(http, 200, 'GET', `/api/stripe/confirm?session_id=${sessionId}&planId=${pro.id}`)).json;
  if (!confirmed.ok) throw new Error(`checkout not confirmed: ${JSON.stringify(confirmed)}`);
}

interface RunResult {
  /** The first run's final MP4 against the same clips merged by a full re-encode (the previous merge). */
  ssim: number | null;
  stages: { name: string; seconds: number; video?: 'render' | 'merge' }[];
  total: number;
  finalSeconds: number;
  width: number;
  height: number;
  bare: { render: number; merge: number };
}

async function oneRun(server: Server, run: number, options: ThroughAppOptions, dir: string): Promise<RunResult> {
  const http = client(server.url, `198.18.7.${run + 1}`);
  await http.signIn(`through-app-${run}@example.com`);
  await upgrade(http); // a 30-second reel (and HD) needs a paid plan
  await server.ask({ type: 'encodes' }, 'encodes'); // nothing before this run counts

  const stages: RunResult['stages'] = [];
  const timed = async <T>(name: string, f: () => Promise<T>, video?: 'render' | 'merge'): Promise<T> => {
    const started = performance.now();
    const value = await f();
    stages.push({ name, seconds: (performance.now() - started) / 1000, ...(video ? { video } : {}) });
    return value;
  };
  const started = performance.now();
  const id = await timed('create the project and write 5 scenes', async () => {
    const project = (await expectStatus<{ id: string }>(http, 201, 'POST', '/api/projects', { title: 'Morning routine', aspect: '9:16', reelTime: REEL_SECONDS })).json.id;
    await expectStatus(http, 200, 'POST', `/api/projects/${project}/generate-scenes`, { script: SCRIPT, reelTime: REEL_SECONDS, sceneCount: SCENES });
    return project;
  });
  await timed('voice 5 scenes', async () => {
    const voices = (await expectStatus<{ id: string }[]>(http, 200, 'GET', '/api/voices?gender=female')).json;
    await runStep(http, `/api/projects/${id}/generate-voiceover`, { voiceId: voices[0]!.id, language: 'en', speed: VOICE_SPEED, sceneSpeedSettings: {}, oneVoiceForAll: true, changedScenesOnly: false });
  });
  await timed('draw 4 avatars and pick one', async () => {
    const { combinedPrompt } = (await expectStatus<{ combinedPrompt: string }>(http, 200, 'POST', '/api/ai/generate-avatar-prompts', { scenes: [{ title: 'Morning routine', text: SCRIPT }], projectTitle: 'Morning routine', projectScript: SCRIPT })).json;
    const result = await runStep<{ variations: string[] }>(http, `/api/projects/${id}/generate-avatar`, { combinedPrompt, model: 'google-imagen-4-ultra', aspectRatio: '9:16' });
    await expectStatus(http, 200, 'PATCH', `/api/projects/${id}`, { selectedAvatar: result.variations[0] });
  });
  await timed(`render 5 scenes (${options.quality})`, () => runStep(http, `/api/projects/${id}/generate-omni-videos`, { quality: options.quality, model: 'omni-human' }), 'render');
  const final = await timed(`merge (${options.transition})`, () => runStep<{ final: { url: string } }>(http, `/api/projects/${id}/create-final-video`, { transition: options.transition, captions: false }), 'merge');
  const file = join(dir, `final-${run}.mp4`);
  await timed('download the MP4', () => http.download(final.final.url, file));
  const total = (performance.now() - started) / 1000;

  const probed = await probe(file);
  const video = probed.streams.find((s) => s.codec_type === 'video');
  const encodes = (await server.ask({ type: 'encodes' }, 'encodes')).encodes;
  const bare = await replayBare(encodes, join(dir, `bare-${run}`));
  const ssim = run === 0 ? await ssimAgainstWholeMerge(encodes.mergedClips[0]!, options.transition, file, join(dir, 'whole-merge.mp4')) : null;
  return { ssim, stages, total, finalSeconds: probed.durationSeconds, width: video?.width ?? 0, height: video?.height ?? 0, bare };
}

/** SSIM (ffmpeg's, all planes) of `file` against the clips joined by the previous way: one full re-encode. */
async function ssimAgainstWholeMerge(clips: string[], transition: ThroughAppOptions['transition'], file: string, referenceFile: string): Promise<number> {
  await new LocalVideoMerger({ cutJoins: false }).merge({ clips, transition, outFile: referenceFile });
  const { stderr } = await runTool('ffmpeg', ['-hide_banner', '-nostdin', '-i', file, '-i', referenceFile, '-lavfi', '[0:v][1:v]ssim', '-f', 'null', '-'], { timeoutMs: 300_000 });
  const all = /SSIM .*All:([\d.]+)/.exec(stderr);
  if (!all) throw new Error(`no SSIM in ffmpeg's output: ${stderr.slice(-300)}`);
  return Number(all[1]);
}

async function replayBare(encodes: RecordedEncodes, outDir: string): Promise<{ render: number; merge: number }> {
  await mkdir(outDir, { recursive: true });
  const timedBare = async (commands: string[][], concurrency: number) => {
    const started = performance.now();
    await mapLimit(commands, concurrency, (args) => bareFfmpeg(args, outDir));
    return (performance.now() - started) / 1000;
  };
  if (encodes.render.length !== SCENES) throw new Error(`expected ${SCENES} render commands, got ${encodes.render.length}`);
  return { render: await timedBare(encodes.render, APP_RENDER_CONCURRENCY), merge: await timedBare(encodes.merge, 1) };
}

export async function runThroughApp(options: ThroughAppOptions): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'reelsmith-through-app-'));
  const db = prepareDatabase({ pg: options.pg, label: 'pipeline' });
  let server: Server | null = null;
  try {
    server = await startServer(join(dir, 'data'), db.url, { LOG_LEVEL: 'warn', BENCH_RECORD_ENCODES: join(dir, 'encodes') });
    const runs: RunResult[] = [];
    for (let r = 0; r < options.repeat; r++) runs.push(await oneRun(server, r, options, dir));

    const names = runs[0]!.stages.map((s) => s.name);
    const width = Math.max(...names.map((n) => n.length));
    const med = (f: (run: RunResult) => number) => median(runs.map(f));
    console.log(`${db.kind}, ${availableParallelism()} cores; ${options.repeat} runs, each a new customer and project`);
    console.log(`${'stage'.padEnd(width)} | first s | median s | bare s`);
    console.log(`${'-'.repeat(width)}-|---------|----------|-------`);
    for (const [i, name] of names.entries()) {
      const kind = runs[0]!.stages[i]!.video;
      const bare = kind ? med((run) => run.bare[kind]).toFixed(2) : '—';
      console.log(`${name.padEnd(width)} | ${runs[0]!.stages[i]!.seconds.toFixed(2).padStart(7)} | ${med((run) => run.stages[i]!.seconds).toFixed(2).padStart(8)} | ${bare.padStart(6)}`);
    }
    const videoSeconds = (run: RunResult) => run.stages.filter((s) => s.video).reduce((sum, s) => sum + s.seconds, 0);
    const bareSeconds = (run: RunResult) => run.bare.render + run.bare.merge;
    const last = runs.at(-1)!;
    console.log(`final MP4: ${last.width}×${last.height}, ${last.finalSeconds.toFixed(2)} s`);
    console.log(`first run: total ${runs[0]!.total.toFixed(2)} s, video stages ${videoSeconds(runs[0]!).toFixed(2)} s vs ${bareSeconds(runs[0]!).toFixed(2)} s bare (${(videoSeconds(runs[0]!) / bareSeconds(runs[0]!)).toFixed(2)}×)`);
    console.log(`ssim=${runs[0]!.ssim!.toFixed(4)} (first run's MP4 against its clips merged by a full re-encode, the merge before cut joins)`);
    const ratio = median(runs.map((run) => videoSeconds(run) / bareSeconds(run)));
    console.log(`total_s=${med((run) => run.total).toFixed(2)} bare_s=${med(bareSeconds).toFixed(2)} ratio=${ratio.toFixed(2)}`);
  } finally {
    if (server) {
      const exited = new Promise((resolve) => server!.child.once('exit', resolve));
      server.child.send({ type: 'close' } satisfies ServerRequest);
      await exited;
    }
    db.drop();
    if (!process.env.KEEP_BENCH_DIR) await rm(dir, { recursive: true, force: true });
  }
}
