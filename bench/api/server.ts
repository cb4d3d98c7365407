// The benchmark's server process: the real app built and started as apps/server/src/main.ts does
// (config from the environment, migrations, reference data, job worker, per-request logging to
// stdout), plus an IPC channel for what the bench cannot do over HTTP: fill projects with the media
// a finished wizard leaves behind, and report this process's CPU time and event-loop delay.
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type * as AppModule from '../../apps/server/src/app.ts';
import type * as ConfigModule from '../../apps/server/src/config.ts';
import type * as DepsModule from '../../apps/server/src/deps.ts';
import type * as LoggerModule from '../../apps/server/src/logger.ts';
import type * as StartupDataModule from '../../apps/server/src/startup-data.ts';
import { JobEvents } from '@reelsmith/core';
import { fillFinishedWizards } from '@reelsmith/db/testing';
import { finishedAssets, wizardAssets } from './sample-data.ts';
import { recordEncodes, type RecordedEncodes } from '../pipeline/recorded-encodes.ts';

export type ServerRequest =
  | { type: 'dress'; finishedProjectId: string; projectsPerCustomer: number }
  | { type: 'stats' }
  /** The video encodes run since the last ask (needs BENCH_RECORD_ENCODES: see bench/pipeline/recorded-encodes.ts). */
  | { type: 'encodes' }
  /** Starts a V8 CPU profile of the load (not of start-up and seeding), written to `file` when it ends. */
  | { type: 'profile'; file: string | null }
  | { type: 'close' };

export interface ServerStats {
  cpuUserMs: number;
  cpuSystemMs: number;
  rssMiB: number;
  loopDelayP50Ms: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  queries: number;
  /** Of those, statements the embedded database's read cache answered (packages/db embedded-read-cache.ts). */
  cachedQueries: number;
  /** Statements that read the generation_jobs table (progress fan-out, the runner's reads). */
  jobReads: number;
  /** Of those, the reads of a project's recent jobs (the list the progress streams are sent). */
  jobListReads: number;
}

export type ServerMessage =
  | { type: 'listening'; url: string; database: string }
  | { type: 'dressed'; projects: number }
  | { type: 'stats'; stats: ServerStats }
  | { type: 'encodes'; encodes: RecordedEncodes }
  | { type: 'profiled' };

const send = (message: ServerMessage) => process.send?.(message);

// BENCH_SERVER_SRC points at another copy of apps/server/src (with its node_modules beside it) to
// measure a before/after; by default, this checkout's.
const serverSrc = process.env.BENCH_SERVER_SRC ?? new URL('../../apps/server/src/', import.meta.url).pathname;
const load = <T>(file: string): Promise<T> => import(pathToFileURL(`${serverSrc}/${file}`).href) as Promise<T>;
const { buildApp } = await load<typeof AppModule>('app.ts');
const { loadConfig } = await load<typeof ConfigModule>('config.ts');
const { buildRuntimeDeps } = await load<typeof DepsModule>('deps.ts');
const { createLogger } = await load<typeof LoggerModule>('logger.ts');
const { prepareStartupData } = await load<typeof StartupDataModule>('startup-data.ts');

const config = loadConfig();
const logger = createLogger(config.logLevel);
const runtime = await buildRuntimeDeps(config, logger);
// Counts the SQL statements the services send (transaction BEGIN/COMMIT aside), for queries per call.
let queries = 0;
let jobReads = 0;
let jobListReads = 0;
const tableOf = (node: unknown) => (node as { from?: { froms?: { table?: { identifier?: { name?: string } } }[] } }).from?.froms?.[0]?.table?.identifier?.name;
runtime.core.db = runtime.core.db.withPlugin({
  transformQuery: (args) => {
    if (args.node.kind === 'SelectQueryNode' && tableOf(args.node) === 'generation_jobs') {
      jobReads += 1;
      if (args.node.limit) jobListReads += 1;
    }
    return args.node;
  },
  // Counted as results come back, not as queries are built: prepared queries (packages/db's preparedQuery) are built once.
  transformResult: async (args) => {
    queries += 1;
    return args.result;
  },
});
// The progress fan-out reads through its own handle: give it the counted one (absent in older copies of the server).
if (runtime.core.jobEvents) {
  const counted = await JobEvents.listen({ ...runtime.database, db: runtime.core.db }, logger);
  await runtime.core.jobEvents.close();
  runtime.core.jobEvents = counted;
}
await prepareStartupData(config, runtime.core, { demo: false });
// bench/pipeline --through-app: the renders and merges report their ffmpeg commands for the bare replay.
const recorder = process.env.BENCH_RECORD_ENCODES ? await recordEncodes(runtime.core.engine, process.env.BENCH_RECORD_ENCODES) : null;
const app = await buildApp({ config, core: runtime.core, logger, mediaSecret: runtime.mediaSecret });
app.addHook('onClose', async () => runtime.close());
await app.listen({ host: config.host, port: config.port });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const profiler = new Session();
let profileFile: string | null = null;
const ms = (ns: number) => Math.round(ns / 1e4) / 100;

process.on('message', (message: ServerRequest) => {
  void (async () => {
    if (message.type === 'dress') {
      // The Free plan allows one project per customer: the others are copies of it, as if made over time.
      const projects = await fillFinishedWizards(runtime.core.db, {
        wizardAssets,
        finishedAssets,
        finishedProjectId: message.finishedProjectId,
        projectsPerCustomer: message.projectsPerCustomer,
      });
      send({ type: 'dressed', projects });
    } else if (message.type === 'stats') {
      const cpu = process.cpuUsage();
      send({
        type: 'stats',
        stats: {
          cpuUserMs: cpu.user / 1000,
          cpuSystemMs: cpu.system / 1000,
          rssMiB: Math.round(process.memoryUsage.rss() / 1048576),
          loopDelayP50Ms: ms(loop.percentile(50)),
          loopDelayP99Ms: ms(loop.percentile(99)),
          loopDelayMaxMs: ms(loop.max),
          queries,
          cachedQueries: runtime.database.readCache?.hits ?? 0,
          jobReads,
          jobListReads,
        },
      });
      loop.reset();
    } else if (message.type === 'encodes') {
      if (!recorder) throw new Error('start the server with BENCH_RECORD_ENCODES=<dir> to record encodes');
      send({ type: 'encodes', encodes: recorder.take() });
    } else if (message.type === 'profile') {
      if (message.file) {
        profiler.connect();
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.start');
        profileFile = message.file;
      } else if (profileFile) {
        const { profile } = await profiler.post('Profiler.stop');
        await writeFile(profileFile, JSON.stringify(profile));
        profiler.disconnect();
      }
      send({ type: 'profiled' });
    } else if (message.type === 'close') {
      await app.close();
      process.exit(0);
    }
  })().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
});

send({ type: 'listening', url: `http://127.0.0.1:${port}`, database: runtime.database.kind });
