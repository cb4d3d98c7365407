import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { FastifyInstance } from 'fastify';
import { startGeneration } from '@reelsmith/core';
import { createSeededTestDatabase, silentLogger } from '@reelsmith/core/testing';
import { postgresTestUrl, type TestDatabase } from '@reelsmith/db/testing';
import { JobRunner } from '@reelsmith/jobs';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createLogger } from '../src/logger.ts';
import { endEventStreamsOnClose } from '../src/shutdown.ts';
import { until, within } from './support/waits.ts';
import { buildTestApp, devSignIn, testMediaSecret, type TestApp } from './test-app.ts';

const slowWorkerFile = resolve(import.meta.dirname, 'support/slow-worker.ts');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a server closing (SIGTERM)', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    t = await buildTestApp('pglite', {}, undefined, { work: false });
    // The app as start.ts builds it, on the test app's services, with one slow route to be in flight.
    app = await buildApp({ config: t.config, core: t.app.core, logger: createLogger('silent'), mediaSecret: testMediaSecret });
    app.get('/test/slow', async () => {
      await sleep(1500);
      return { finished: true };
    });
    endEventStreamsOnClose(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('finishes the request in flight, ends progress streams so the browser reconnects elsewhere, and takes no new connection', async () => {
    const cookie = await devSignIn(t.app, 'closing@example.com');
    const project = await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { reelTime: 20 } });
    expect(project.statusCode).toBe(201);
    const input = encodeURIComponent(JSON.stringify(superjson.serialize({ id: project.json().id })));
    const stream = await fetch(`${base}/trpc/generation.progress?input=${input}`, { headers: { cookie, accept: 'text/event-stream' } });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = stream.body!.getReader();
    let received = '';
    // The first event (the project's jobs, none yet) arrives before the server closes.
    while (!/^data: /m.test(received)) received += new TextDecoder().decode((await reader.read()).value);

    const slow = fetch(`${base}/test/slow`).then(async (res) => ({ status: res.status, body: await res.json() }));
    await sleep(300);
    const closeStarted = Date.now();
    const closed = app.close();

    // The stream ends cleanly (no network error) and without tRPC's `return` event, which would end the
    // subscription in the browser instead of reconnecting.
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += new TextDecoder().decode(value);
    }
    expect(received).not.toMatch(/^event: return/m);
    // The request in flight when closing began still gets its whole answer.
    expect(await slow).toEqual({ status: 200, body: { finished: true } });
    await closed;
    // Closing waited for the slow request, not for the stream's 30-minute limit.
    expect(Date.now() - closeStarted).toBeGreaterThan(900);
    expect(Date.now() - closeStarted).toBeLessThan(10_000);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});

/** A free loopback port for a child process to listen on. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

interface Worker {
  process: ChildProcess;
  ready: Promise<void>;
  /** Resolves when the worker's avatar step has started as many times as asked. */
  stepStarted(count?: number): Promise<void>;
  exited: Promise<{ code: number | null; at: number }>;
}

/** A separate worker process (ROLE=worker through start.ts) whose avatar step takes `slowMs` longer. */
function startWorker(env: Record<string, string>, slowMs: number, graceSeconds: number, slowOnlyFor?: string): Worker {
  const child = spawn(process.execPath, [slowWorkerFile], {
    env: { ...process.env, ...env, ROLE: 'worker', NODE_ENV: 'test', LOG_LEVEL: 'info', SLOW_STEP_MS: String(slowMs), SHUTDOWN_GRACE_SECONDS: String(graceSeconds), ...(slowOnlyFor ? { SLOW_STEP_MATCH: slowOnlyFor } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let steps = 0;
  const waiting: { count: number; resolve: () => void }[] = [];
  const exited = new Promise<{ code: number | null; at: number }>((r) => child.once('exit', (code) => r({ code, at: Date.now() })));
  const ready = new Promise<void>((resolveReady, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.includes('working the job queue')) resolveReady();
      if (line.startsWith('slow step started')) {
        steps += 1;
        for (const w of waiting.filter((w) => steps >= w.count)) w.resolve();
      }
      if (/"level":(40|50|60)/.test(line)) process.stderr.write(`${line}\n`);
    });
    child.once('exit', (code, signal) => reject(new Error(`worker exited before it was ready (${code ?? signal})`)));
  });
  ready.catch(() => undefined);
  return {
    process: child,
    ready,
    exited,
    stepStarted: (count = 1) => (steps >= count ? Promise.resolve() : new Promise<void>((r) => waiting.push({ count, resolve: r }))),
  };
}

// Needs PostgreSQL: the workers are processes of their own beside the test's.
describe.runIf(postgresTestUrl())('a worker stopping (SIGTERM) mid-job', () => {
  let db: TestDatabase;
  let t: TestApp;
  const workers: ChildProcess[] = [];
  let runner: JobRunner | undefined;

  beforeAll(async () => {
    db = await createSeededTestDatabase('postgres');
    // The test's own app enqueues but works nothing: only the workers started here do.
    t = await buildTestApp('postgres', { DATABASE_URL: db.url! }, db, { work: false });
  });
  afterAll(async () => {
    for (const w of workers) w.kill('SIGKILL');
    await runner?.stop();
    await t.close();
    await db.close();
  });

  /** A customer's new project with an avatar job queued. */
  async function avatarJob(email: string, combinedPrompt = 'A hiker outdoors at dawn') {
    const cookie = await devSignIn(t.app, email);
    const user = await db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const project = await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { reelTime: 20 } });
    const job = await startGeneration(t.app.core, user.id, project.json().id, 'avatars', { id: project.json().id, combinedPrompt });
    return job.id;
  }
  const jobRow = (id: string) => db.db.selectFrom('generation_jobs').select(['status', 'attempts', 'queue_job_id']).where('id', '=', id).executeTakeFirstOrThrow();
  const queueState = async (queueJobId: string | null) =>
    (await db.pool!.query<{ state: string }>('SELECT state FROM pgboss.job WHERE id = $1', [queueJobId])).rows[0]?.state;

  // Each wait names itself when it runs out; the test's own limit only bounds their sum.
  it('finishes its running job within the grace period, takes no new job, and exits 0; past the grace a job goes back to the queue and another worker finishes it', async () => {
    const env = { DATABASE_URL: db.url!, DATA_DIR: t.config.dataDir };
    const healthPort = await freePort();
    const patient = startWorker({ ...env, WORKER_HEALTH_PORT: String(healthPort) }, 2500, 20);
    workers.push(patient.process);
    await within('the first worker to start', patient.ready);
    expect((await fetch(`http://127.0.0.1:${healthPort}/readyz`)).status).toBe(200);

    const first = await avatarJob('first.shutdown@example.com');
    await within('the first worker to start its job', patient.stepStarted());
    const signalledAt = Date.now();
    patient.process.kill('SIGTERM');
    // Queued after the signal: the stopping worker must leave it to another.
    await sleep(200);
    const second = await avatarJob('second.shutdown@example.com');

    const patientExit = await within('the first worker to exit', patient.exited);
    expect(patientExit.code).toBe(0);
    // It waited for the job (most of its 2.5 s step was still to run) rather than dropping it.
    expect(patientExit.at - signalledAt).toBeGreaterThan(1500);
    expect(await jobRow(first)).toMatchObject({ status: 'succeeded', attempts: 1 });
    const waiting = await jobRow(second);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await queueState(waiting.queue_job_id)).toBe('created');

    // The next worker finishes it: nothing was lost. Its step is slow only for the third job's prompt.
    const hasty = startWorker(env, 60_000, 1, 'slow take');
    workers.push(hasty.process);
    await within('the second worker to start', hasty.ready);
    const taken = await until('the waiting job to finish on the next worker', async () => {
      const row = await jobRow(second);
      return row.status === 'succeeded' ? row : undefined;
    }, 60_000);
    expect(taken.attempts).toBe(1);

    // A worker whose step outlasts its one-second grace hands its job back when told to stop.
    const third = await avatarJob('third.shutdown@example.com', 'A hiker outdoors at dawn, slow take');
    await within('the second worker to start the slow job', hasty.stepStarted());
    const hastySignalledAt = Date.now();
    hasty.process.kill('SIGTERM');
    const hastyExit = await within('the second worker to exit', hasty.exited);
    expect(hastyExit.code).toBe(0);
    expect(hastyExit.at - hastySignalledAt).toBeLessThan(10_000);
    // Its attempt was released (waiting for a worker again), and the queue will deliver it once more.
    const handedBack = await jobRow(third);
    expect(handedBack).toMatchObject({ status: 'queued', attempts: 1 });
    expect(await queueState(handedBack.queue_job_id)).toBe('retry');

    // Another worker takes it up at once and finishes it: nothing is lost.
    runner = new JobRunner({ database: db, databaseUrl: db.url, logger: silentLogger, pollingIntervalSeconds: 0.5 });
    await within('the third worker to start', runner.start());
    await runner.work(t.app.core);
    const done = await until('the handed-back job to finish on another worker', async () => {
      const row = await jobRow(third);
      if (row.status === 'dead') throw new Error('the handed-back job died');
      return row.status === 'succeeded' ? row : undefined;
    }, 60_000);
    expect(done.attempts).toBe(2);
    // The worker saves the job's row, then completes the queue's job: a moment apart on a busy machine.
    const settled = await until('the queue to settle the job', async () => {
      const state = await queueState(done.queue_job_id);
      return state === 'active' ? undefined : state;
    }, 20_000);
    expect(settled).toBe('completed');
  }, 280_000);
});
