// The benchmark's app process: the real server as main.ts builds it (config from the environment,
// embedded database, S3 storage, no job worker), plus an IPC channel to seed one finished, publicly
// shared project and to run "a generation step's storage calls" (a stat and a 256 KiB put, as a
// step does around its output) through the same S3 client the media route uses, while viewers watch.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { buildRuntimeDeps } from '../../apps/server/src/deps.ts';
import { createLogger } from '../../apps/server/src/logger.ts';
import { prepareStartupData } from '../../apps/server/src/startup-data.ts';

export type MediaServerRequest = { type: 'seed'; videoFile: string } | { type: 'probe'; on: boolean } | { type: 'close' };
export type MediaServerMessage =
  | { type: 'listening'; url: string }
  | { type: 'seeded'; mediaPath: string; directUrl: string | null }
  | { type: 'probed'; samplesMs: number[]; errors: number };

const send = (message: MediaServerMessage) => process.send?.(message);
const config = loadConfig();
const logger = createLogger(config.logLevel);
const runtime = await buildRuntimeDeps(config, logger, { work: false });
await prepareStartupData(config, runtime.core, { demo: false });
const app = await buildApp({ config, core: runtime.core, logger, mediaSecret: runtime.mediaSecret });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

let probing = false;
let samples: number[] = [];
let errors = 0;
async function probeLoop(): Promise<void> {
  const payload = randomBytes(256 * 1024);
  let n = 0;
  while (probing) {
    const started = performance.now();
    try {
      await runtime.core.storage.stat('projects/bench/final.mp4');
      await runtime.core.storage.put(`projects/bench/step/${n++ % 20}.bin`, { buffer: payload }, 'application/octet-stream');
      samples.push(performance.now() - started);
    } catch {
      errors += 1;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

process.on('message', (message: MediaServerRequest) => {
  void (async () => {
    if (message.type === 'seed') {
      const { db, storage } = runtime.core;
      await storage.put('projects/bench/final.mp4', { buffer: await readFile(message.videoFile) }, 'video/mp4');
      const user = await db.insertInto('users').values({ email: 'viewer-bench@example.com', google_sub: null, first_name: 'Bench', last_name: null, profile_image_url: null, stripe_customer_id: null }).returning('id').executeTakeFirstOrThrow();
      const project = await db
        .insertInto('projects')
        .values({ user_id: user.id, title: 'Bench reel', status: 'Merged', current_step: 6, scenes: JSON.stringify([]), params: JSON.stringify({}), assets: JSON.stringify({}) })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The media key names the project, as generated media's keys do.
      const key = `projects/${project.id}/final.mp4`;
      await storage.put(key, { buffer: await readFile(message.videoFile) }, 'video/mp4');
      await db.updateTable('projects').set({ assets: JSON.stringify({ final: { type: 'single', url: `/media/${key}` } }) }).where('id', '=', project.id).execute();
      await db.insertInto('shares').values({ project_id: project.id, short_id: 'benchshare01', is_public: true }).execute();
      const directUrl = (await storage.directReadUrl?.(key, { publicCache: true })) ?? null;
      send({ type: 'seeded', mediaPath: `/media/${key}`, directUrl });
    } else if (message.type === 'probe') {
      if (message.on) {
        samples = [];
        errors = 0;
        probing = true;
        void probeLoop();
      } else {
        probing = false;
        await new Promise((r) => setTimeout(r, 100));
        send({ type: 'probed', samplesMs: samples, errors });
      }
    } else if (message.type === 'close') {
      await app.close();
      await runtime.close();
      process.exit(0);
    }
  })().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
});

send({ type: 'listening', url: `http://127.0.0.1:${port}` });
