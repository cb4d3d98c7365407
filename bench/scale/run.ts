// Reels at scale (issue 18): two ROLE=server and two ROLE=worker processes (apps/server/src/main.ts, as
// deployed) on one PostgreSQL database with S3 storage (s3rver in its own process), every AI provider a
// loopback fake of its HTTP API (OpenAI, ElevenLabs, Replicate for pictures, fal for the talking videos,
// each video taking --video-seconds at the provider). N customers each make one reel through the REST
// API with an API key, following each step with `Prefer: respond-async` and GET /api/jobs/{id}, and
// register a webhook that a receiver here verifies as Standard Webhooks receivers do. One worker is
// killed with SIGKILL when the first scene videos are being made.
//
//   node bench/scale/run.ts [--reels 100] [--video-seconds 20] [--concurrency 8] [--timeout-minutes 20]
//
// PostgreSQL from DATABASE_URL or 127.0.0.1:5432 (a throw-away database is made and dropped).
// Last line: `reels=<n> done=<n> lost=<n> webhooks_ok=<n> api_p99_ms=<n>`.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { psql } from '../api/server-process.ts';
import { createFakeElevenLabs, createFakeOpenAi, FakeFal, FakeReplicate } from '@reelsmith/media/fakes';

const { values: flags } = parseArgs({
  options: {
    reels: { type: 'string', default: '100' },
    'video-seconds': { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '8' },
    'timeout-minutes': { type: 'string', default: '20' },
  },
});
const reelCount = Number(flags.reels);
const videoMs = Number(flags['video-seconds']) * 1000;
const deadline = Date.now() + Number(flags['timeout-minutes']) * 60_000;
const repoRoot = join(import.meta.dirname, '../..');

// ——— The pieces around the app ———

const baseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `reelsmith_bench_scale_${process.pid}`;
psql(baseUrl, `CREATE DATABASE ${dbName}`);
const databaseUrl = Object.assign(new URL(baseUrl), { pathname: `/${dbName}` }).toString();
const dataDir = await mkdtemp(join(tmpdir(), 'reelsmith-bench-scale-'));

const store = spawn(process.execPath, [join(import.meta.dirname, '../media-serve/store.ts')], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
const storePort = await new Promise<number>((resolve) => store.once('message', (m: { port: number }) => resolve(m.port)));

const openai = createFakeOpenAi('sk-scale');
const elevenlabs = createFakeElevenLabs('xi-scale');
const replicate = new FakeReplicate('r8_scale');
const fal = new FakeFal('fal-scale');
fal.finishAfterMs = videoMs;
const [openaiUrl, elevenlabsUrl, replicateUrl, falUrl] = await Promise.all([openai.start(), elevenlabs.start(), replicate.start(), fal.start()]);

/** Webhook deliveries verified as a Standard Webhooks receiver does: HMAC-SHA256 of id.timestamp.body with the endpoint's secret. */
const secrets = new Map<string, string>();
const verified = new Map<string, Set<string>>();
let forged = 0;
const receiver: HttpServer = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const reel = (req.url ?? '').split('/').pop() ?? '';
    const secret = secrets.get(reel);
    const body = Buffer.concat(chunks).toString('utf8');
    const id = String(req.headers['webhook-id'] ?? '');
    const timestamp = String(req.headers['webhook-timestamp'] ?? '');
    const expected = secret ? createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64')).update(`${id}.${timestamp}.${body}`).digest() : undefined;
    const signatures = String(req.headers['webhook-signature'] ?? '')
      .split(' ')
      .map((s) => Buffer.from(s.replace(/^v1,/, ''), 'base64'));
    const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
    const ok = expected !== undefined && fresh && signatures.some((s) => s.length === expected.length && timingSafeEqual(s, expected));
    if (!ok) {
      forged += 1;
      res.writeHead(400).end();
      return;
    }
    const event = JSON.parse(body) as { type: string; data: { kind: string; status: string } };
    if (event.type === 'generation.succeeded') (verified.get(reel) ?? verified.set(reel, new Set()).get(reel)!).add(event.data.kind);
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

// ——— The app: two servers, two workers ———

const env = (role: 'server' | 'worker', port: number): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: 'development',
  ROLE: role,
  HOST: '127.0.0.1',
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: join(dataDir, `${role}-${port}`),
  WEB_DIST: join(dataDir, 'no-web'),
  ADMIN_DIST: join(dataDir, 'no-admin'),
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: 'warn',
  TRUST_PROXY: 'true',
  WORKER_CONCURRENCY: flags.concurrency,
  MEDIA_SECRET: 'bench-scale-media-secret-0123456789abcdef',
  GOOGLE_CLIENT_ID: '',
  STRIPE_SECRET_KEY: '',
  STRIPE_WEBHOOK_SECRET: '',
  STORAGE_DRIVER: 's3',
  S3_BUCKET: 'media',
  S3_ENDPOINT: `http://127.0.0.1:${storePort}`,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  LLM_PROVIDER: 'openai',
  OPENAI_API_KEY: 'sk-scale',
  OPENAI_BASE_URL: `${openaiUrl}/v1`,
  TTS_PROVIDER: 'elevenlabs',
  ELEVENLABS_API_KEY: 'xi-scale',
  ELEVENLABS_BASE_URL: elevenlabsUrl,
  IMAGE_PROVIDER: 'replicate',
  REPLICATE_API_TOKEN: 'r8_scale',
  REPLICATE_BASE_URL: replicateUrl,
  REPLICATE_POLL_INTERVAL_MS: '500',
  VIDEO_PROVIDER: 'fal',
  FAL_KEY: 'fal-scale',
  FAL_BASE_URL: falUrl,
  FAL_STORAGE_URL: falUrl,
  FAL_POLL_INTERVAL_MS: '2000',
  OUTBOUND_ALLOW_HOSTS: [replicateUrl, falUrl, receiverUrl].map((u) => new URL(u).host).join(','),
  WEBHOOK_RETRY_DELAYS_SECONDS: '1,2,5,10,30',
});

const processes: ChildProcess[] = [];
const start = (role: 'server' | 'worker', port: number) => {
  const child = spawn(process.execPath, [join(repoRoot, 'apps/server/src/main.ts')], { cwd: repoRoot, env: env(role, port), stdio: ['ignore', 'ignore', 'inherit'] });
  processes.push(child);
  return child;
};

async function healthy(url: string): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} never answered /healthz`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

// The first server migrates the empty database alone; the rest start against the migrated one.
const serverPorts = [4311, 4312];
start('server', serverPorts[0]!);
await healthy(`http://127.0.0.1:${serverPorts[0]}`);
start('server', serverPorts[1]!);
const workers = [start('worker', 0), start('worker', 0)];
await healthy(`http://127.0.0.1:${serverPorts[1]}`);

// ——— The customers ———

const latencies: number[] = [];
async function api(server: string, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; json: Record<string, unknown>; headers: Headers }> {
  const started = performance.now();
  const res = await fetch(`${server}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  latencies.push(performance.now() - started);
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: res.headers };
}

let videosStarted = 0;
let killed = false;
const outcome = { done: 0, failed: [] as string[] };

async function reel(i: number): Promise<void> {
  const server = `http://127.0.0.1:${serverPorts[i % 2]}`;
  const ip = { 'x-forwarded-for': `10.9.${Math.floor(i / 250)}.${(i % 250) + 1}` };
  const signIn = await fetch(`${server}/auth/dev`, { method: 'POST', headers: { ...ip, 'content-type': 'application/json' }, body: JSON.stringify({ email: `scale-${i}@example.com`, name: `Scale ${i}` }) });
  if (!signIn.ok) throw new Error(`sign-in ${i}: ${signIn.status}`);
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const key = (await api(server, 'POST', '/api/auth/api-keys', { ...ip, cookie }, { name: `scale ${i}` })).json.key as string;
  const endpoint = await api(server, 'POST', '/api/webhooks', { ...ip, cookie }, { url: `${receiverUrl}/hook/${i}`, description: `reel ${i}` });
  secrets.set(String(i), endpoint.json.secret as string);

  // From here on only the key, as an integrator's server calls us.
  const auth = { ...ip, authorization: `Bearer ${key}` };
  const project = (await api(server, 'POST', '/api/projects', auth, { reelTime: 20, aspect: '1:1' })).json.id as string;
  await api(server, 'POST', `/api/projects/${project}/generate-scenes`, auth, { script: 'Meet the bottle that keeps coffee hot all morning. It never leaks in your bag. Grab yours today.', reelTime: 20, sceneCount: 2 });
  const voices = (await fetch(`${server}/api/voices`).then((r) => r.json())) as { id: string }[];
  const step = async (path: string, body: unknown) => {
    const accepted = await api(server, 'POST', `/api/projects/${project}/${path}`, { ...auth, prefer: 'respond-async' }, body);
    const location = accepted.headers.get('location')!;
    for (;;) {
      const job = (await api(server, 'GET', location, auth)).json as { status: string; error: string | null };
      if (job.status === 'succeeded') return;
      if (job.status === 'dead') throw new Error(`${path}: ${job.error}`);
      if (Date.now() > deadline) throw new Error(`${path}: still ${job.status} at the deadline`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  };
  await step('generate-voiceover', { voiceId: voices[0]!.id, sceneSpeedSettings: {} });
  await step('generate-avatar', { combinedPrompt: 'A friendly presenter in a bright kitchen', model: 'google-imagen-4-ultra', aspectRatio: '1:1' });
  await api(server, 'PATCH', `/api/projects/${project}`, auth, { selectedAvatar: 0 });
  videosStarted += 1;
  await step('generate-omni-videos', { quality: 'standard' });
  await step('create-final-video', { transition: 'crossfade' });
  outcome.done += 1;
}

const started = performance.now();
// One worker dies (SIGKILL, no goodbye) once a tenth of the reels are rendering their scene videos.
const killer = setInterval(() => {
  if (!killed && videosStarted >= Math.max(1, Math.floor(reelCount / 10))) {
    killed = true;
    workers[0]!.kill('SIGKILL');
    console.log(`killed worker ${workers[0]!.pid} (SIGKILL) at ${Math.round((performance.now() - started) / 1000)} s, ${videosStarted} reels rendering`);
  }
}, 200);
const results = await Promise.allSettled(Array.from({ length: reelCount }, (_, i) => reel(i)));
clearInterval(killer);
for (const [i, r] of results.entries()) if (r.status === 'rejected') outcome.failed.push(`reel ${i}: ${r.reason instanceof Error ? r.reason.message : String(r.reason)}`);
const wall = (performance.now() - started) / 1000;

// Webhooks of the last step may still be on their way.
const webhookDeadline = Date.now() + 30_000;
const webhooksOk = () => [...verified.values()].filter((kinds) => kinds.has('final')).length;
while (webhooksOk() < outcome.done && Date.now() < webhookDeadline) await new Promise((r) => setTimeout(r, 250));

const sorted = [...latencies].sort((a, b) => a - b);
const p = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
console.table([
  {
    reels: reelCount,
    done: outcome.done,
    lost: reelCount - outcome.done,
    'webhooks verified (final)': webhooksOk(),
    'forged or bad webhooks': forged,
    'API calls': latencies.length,
    'API p50 ms': p(0.5),
    'API p99 ms': p(0.99),
    'wall s': Math.round(wall),
    'fal renders': fal.submits,
    'worker killed': killed,
  },
]);
for (const failure of outcome.failed.slice(0, 10)) console.log(failure);

for (const child of processes) child.kill('SIGTERM');
await Promise.all(processes.map((c) => (c.exitCode !== null || c.signalCode !== null ? undefined : new Promise((r) => c.once('exit', r)))));
store.kill('SIGTERM');
receiver.close();
await Promise.all([openai.close(), elevenlabs.close(), replicate.close(), fal.close()]);
psql(baseUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await rm(dataDir, { recursive: true, force: true });
console.log(`reels=${reelCount} done=${outcome.done} lost=${reelCount - outcome.done} webhooks_ok=${webhooksOk()} api_p99_ms=${p(0.99)}`);
process.exit(outcome.done === reelCount ? 0 : 1);
