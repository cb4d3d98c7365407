// 200 viewers of one final video on S3-compatible storage (s3rver in its own process), three ways:
//   bare       viewers read the object straight from the store (a presigned URL): the store's own pace
//   proxy      S3_MEDIA_DELIVERY=proxy: every byte streams through the app's /media route
//   presigned  S3_MEDIA_DELIVERY=presigned (the default): /media decides access, then 302s to the store
// Meanwhile the app process runs a generation step's storage calls (a HEAD and a 256 KiB PUT every
// 50 ms) through the same S3 client its media route uses. Prints one row per way with viewers' time to
// first byte (p50, p99), whole-video time, the storage calls' p50/p99 and errors, and each way's p99s
// over bare's; docs/benchmarks.md records the results.
//
//   node bench/media-serve/run.ts [--viewers 200] [--views 3] [--seconds-of-video 20] [--modes bare,proxy,presigned]
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { MediaServerMessage, MediaServerRequest } from './server.ts';

const { values: flags } = parseArgs({
  options: {
    viewers: { type: 'string', default: '200' },
    views: { type: 'string', default: '3' },
    'seconds-of-video': { type: 'string', default: '20' },
    modes: { type: 'string', default: 'bare,proxy,presigned' },
  },
});
const viewers = Number(flags.viewers);
const viewsEach = Number(flags.views);
const modes = flags.modes.split(',') as ('bare' | 'proxy' | 'presigned')[];
const work = mkdtempSync(join(tmpdir(), 'bench-media-serve-'));

// A 9:16 reel as the merge step makes them: H.264 + AAC, faststart.
const videoFile = join(work, 'final.mp4');
const made = spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=720x1280:rate=30:duration=${flags['seconds-of-video']}`, '-f', 'lavfi', '-i', `sine=frequency=440:duration=${flags['seconds-of-video']}`, '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '1500k', '-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', '-y', videoFile]);
if (made.status !== 0) throw new Error(`ffmpeg failed: ${made.stderr.toString()}`);
const videoBytes = statSync(videoFile).size;

function onMessage<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const handle = (message: { type: string }) => {
      if (message.type !== type) return;
      child.off('message', handle);
      resolve(message as T);
    };
    child.on('message', handle);
    child.once('exit', (code) => reject(new Error(`child exited (${code}) before ${type}`)));
  });
}

const store = spawn(process.execPath, [join(import.meta.dirname, 'store.ts')], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
const { port: storePort } = await onMessage<{ port: number }>(store, 'store');
const storeUrl = `http://127.0.0.1:${storePort}`;

async function startServer(delivery: 'presigned' | 'proxy'): Promise<{ child: ChildProcess; url: string; ask: (m: MediaServerRequest) => void }> {
  const dataDir = mkdtempSync(join(work, 'data-'));
  const child = spawn(process.execPath, [join(import.meta.dirname, 'server.ts')], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      WEB_DIST: join(dataDir, 'no-web'),
      ADMIN_DIST: join(dataDir, 'no-admin'),
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'media',
      S3_ENDPOINT: storeUrl,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_MEDIA_DELIVERY: delivery,
      RATE_LIMIT_MAX: '1000000',
      GOOGLE_CLIENT_ID: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
    },
  });
  const { url } = await onMessage<Extract<MediaServerMessage, { type: 'listening' }>>(child, 'listening');
  return { child, url, ask: (m) => child.send(m) };
}

interface View {
  ttfbMs: number;
  totalMs: number;
  bytes: number;
  ok: boolean;
}

/** GET with one keep-alive connection per viewer per host, following one redirect; time to the first body byte. */
function view(url: string, agents: Map<string, Agent>, started = performance.now()): Promise<View> {
  return new Promise((resolve) => {
    const target = new URL(url);
    let agent = agents.get(target.host);
    if (!agent) agents.set(target.host, (agent = new Agent({ keepAlive: true, maxSockets: 1 })));
    const req = request({ agent, host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, headers: { 'x-forwarded-for': '203.0.113.9' } }, (res) => {
      if (res.statusCode === 302 && res.headers.location) {
        res.resume();
        res.on('end', () => void view(new URL(res.headers.location!, url).toString(), agents, started).then(resolve));
        return;
      }
      let ttfbMs = -1;
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        if (ttfbMs < 0) ttfbMs = performance.now() - started;
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ ttfbMs, totalMs: performance.now() - started, bytes, ok: res.statusCode === 200 && bytes === videoBytes }));
      res.on('error', () => resolve({ ttfbMs, totalMs: performance.now() - started, bytes, ok: false }));
    });
    req.on('error', () => resolve({ ttfbMs: -1, totalMs: performance.now() - started, bytes: 0, ok: false }));
    req.end();
  });
}

const percentile = (values: number[], p: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round = (n: number) => (Number.isFinite(n) ? Math.round(n * 10) / 10 : NaN);

interface Row {
  mode: string;
  views: number;
  failed: number;
  ttfbP50: number;
  ttfbP99: number;
  totalP99: number;
  storageP50: number;
  storageP99: number;
  storageCalls: number;
  storageErrors: number;
  seconds: number;
}

async function run(mode: 'bare' | 'proxy' | 'presigned'): Promise<Row> {
  const server = await startServer(mode === 'proxy' ? 'proxy' : 'presigned');
  server.ask({ type: 'seed', videoFile });
  const seeded = await onMessage<Extract<MediaServerMessage, { type: 'seeded' }>>(server.child, 'seeded');
  const target = mode === 'bare' ? seeded.directUrl! : `${server.url}${seeded.mediaPath}`;
  // One warm-up view, so connection set-up and first compilation are not counted.
  await view(target, new Map());
  server.ask({ type: 'probe', on: true });
  await new Promise((r) => setTimeout(r, 300));
  const began = performance.now();
  const results = await Promise.all(
    Array.from({ length: viewers }, async () => {
      const agents = new Map<string, Agent>();
      const mine: View[] = [];
      for (let i = 0; i < viewsEach; i += 1) mine.push(await view(target, agents));
      for (const agent of agents.values()) agent.destroy();
      return mine;
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  server.ask({ type: 'probe', on: false });
  const probe = await onMessage<Extract<MediaServerMessage, { type: 'probed' }>>(server.child, 'probed');
  server.ask({ type: 'close' });
  await new Promise((r) => server.child.once('exit', r));
  const all = results.flat();
  const good = all.filter((v) => v.ok);
  return {
    mode,
    views: all.length,
    failed: all.length - good.length,
    ttfbP50: round(percentile(good.map((v) => v.ttfbMs), 50)),
    ttfbP99: round(percentile(good.map((v) => v.ttfbMs), 99)),
    totalP99: round(percentile(good.map((v) => v.totalMs), 99)),
    storageP50: round(percentile(probe.samplesMs, 50)),
    storageP99: round(percentile(probe.samplesMs, 99)),
    storageCalls: probe.samplesMs.length,
    storageErrors: probe.errors,
    seconds: round(seconds),
  };
}

const rows: Row[] = [];
for (const mode of modes) rows.push(await run(mode));
store.disconnect();
store.kill();

const bare = rows.find((r) => r.mode === 'bare');
console.log(`\n${viewers} viewers × ${viewsEach} views of a ${(videoBytes / 1048576).toFixed(1)} MiB final video (s3rver on loopback); storage calls: HEAD + 256 KiB PUT every 50 ms in the app process\n`);
console.table(
  rows.map((r) => ({
    mode: r.mode,
    views: r.views,
    failed: r.failed,
    'ttfb p50 ms': r.ttfbP50,
    'ttfb p99 ms': r.ttfbP99,
    'whole video p99 ms': r.totalP99,
    'storage call p50 ms': r.storageP50,
    'storage call p99 ms': r.storageP99,
    'storage calls': r.storageCalls,
    'storage errors': r.storageErrors,
    seconds: r.seconds,
    'ttfb p99 / bare': bare ? round(r.ttfbP99 / bare.ttfbP99) : NaN,
    'storage p99 / bare': bare ? round(r.storageP99 / bare.storageP99) : NaN,
  })),
);
for (const r of rows) console.log(`mode=${r.mode} viewers=${viewers} viewer_ttfb_p99_ms=${r.ttfbP99} storage_call_p99_ms=${r.storageP99}`);
