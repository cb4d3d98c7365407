import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { recordGenerationCost } from '@reelsmith/core';
import { silentLogger } from '@reelsmith/core/testing';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { DEAD_LETTER_QUEUE } from '@reelsmith/jobs';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { serverLogger } from '../src/logger.ts';
import { listenForMetrics } from '../src/plugins/metrics.ts';
import { buildTestApp, devSignIn, listenOnLoopback, testMediaSecret, type TestApp } from './test-app.ts';

const token = 'metrics-test-token-0123456789abcdef';

/** The value of one series in the text exposition (undefined when absent). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(testDatabaseKinds())('/metrics on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let base: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, { METRICS_TOKEN: token }, undefined, { metrics: true });
    cookie = await devSignIn(t.app, `metrics.${kind}@example.com`, 'Mel Metrics');
    base = await listenOnLoopback(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('answers 401 without the right bearer token, and the text format with it', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', token, `Basic ${token}`, `Bearer ${token}x`, `Bearer ${'x'.repeat(10_000)}`]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization?.slice(0, 40)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json().error).toContain('METRICS_TOKEN');
      expect(res.body).not.toContain('reelsmith_');
    }
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('# TYPE reelsmith_http_request_duration_seconds histogram');
  });

  it('never writes the token to the log, sent right or wrong', async () => {
    let logged = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    const app = await buildApp({ config: t.config, core: t.app.core, logger: serverLogger('debug', sink), mediaSecret: testMediaSecret, metrics: t.metrics });
    try {
      expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}-wrong` } })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
    expect(logged).toContain('/metrics');
    expect(logged).not.toContain(token);
  });

  it('labels requests by route pattern and tRPC procedure, never by their ids or hostile paths', async () => {
    const id = randomUUID();
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${id}`, headers: { cookie } })).statusCode).toBe(404);
    const input = encodeURIComponent(JSON.stringify(superjson.serialize({ id })));
    await t.app.inject({ method: 'GET', url: `/trpc/projects.get?input=${input}`, headers: { cookie } });
    await t.app.inject({ method: 'GET', url: `/trpc/projects.get.${id}`, headers: { cookie } });
    await t.app.inject({ method: 'GET', url: `/trpc/%3Cscript%3E${id}`, headers: { cookie } });
    await t.app.inject({ method: 'GET', url: `/nowhere/${id}` });
    const text = await scrape();
    expect(text).not.toContain(id);
    expect(text).not.toContain('<script>');
    expect(sample(text, 'reelsmith_http_request_duration_seconds_count{method="GET",route="/api/projects/:id",status="404"}')).toBe(1);
    expect(sample(text, 'reelsmith_http_request_duration_seconds_count{method="GET",route="/trpc/projects.get",status="404"}')).toBe(1);
    expect(sample(text, 'reelsmith_http_request_duration_seconds_count{method="GET",route="/trpc/(unknown)",status="404"}')).toBe(2);
    expect(sample(text, 'reelsmith_http_request_duration_seconds_count{method="GET",route="(unmatched)",status="404"}')).toBe(1);
  });

  it('counts open progress streams while they are open', async () => {
    const projectId = (await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: {} })).json().id as string;
    const input = encodeURIComponent(JSON.stringify(superjson.serialize({ id: projectId })));
    const abort = new AbortController();
    const res = await fetch(`${base}/trpc/generation.progress?input=${input}`, { headers: { cookie, accept: 'text/event-stream' }, signal: abort.signal });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(sample(await scrape(), 'reelsmith_progress_streams_open')).toBe(1);
    abort.abort();
    await res.body?.cancel().catch(() => undefined);
    const after = await until(scrape, (text) => sample(text, 'reelsmith_progress_streams_open') === 0);
    expect(sample(after, 'reelsmith_progress_streams_open')).toBe(0);
  });

  it('counts every recorded provider charge and its cost', async () => {
    const cost = { provider: 'elevenlabs', model: 'eleven_multilingual_v2', unit: 'characters', quantity: 120, amountUsd: 0.036, priceSource: 'default' } as const;
    await recordGenerationCost(t.app.core, { jobId: null, projectId: null, userId: null }, 'tts', cost);
    await recordGenerationCost(t.app.core, { jobId: null, projectId: null, userId: null }, 'tts', cost);
    const text = await scrape();
    expect(sample(text, 'reelsmith_provider_charges_total{provider="elevenlabs",capability="tts"}')).toBe(2);
    expect(sample(text, 'reelsmith_provider_cost_usd_total{provider="elevenlabs",capability="tts"}')).toBeCloseTo(0.072, 9);
  });

  it('counts a dead-lettered paid job and the credit it gave back', async () => {
    const email = `metrics.paid.${kind}@example.com`;
    const paidCookie = await devSignIn(t.app, email);
    const user = await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const pro = await t.db.db.selectFrom('plans').select('id').where('code', '=', 'pro-monthly').executeTakeFirstOrThrow();
    await t.db.db.updateTable('subscriptions').set({ status: 'expired' }).where('user_id', '=', user.id).execute();
    await t.db.db.insertInto('subscriptions').values({ user_id: user.id, plan_id: pro.id, status: 'active', end_date: new Date(Date.now() + 86400_000 * 30) }).execute();
    const projectId = (await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie: paidCookie }, payload: { reelTime: 20, aspect: '9:16' } })).json().id as string;
    const job = await t.db.db
      .insertInto('generation_jobs')
      .values({ project_id: projectId, user_id: user.id, kind: 'videos', input: JSON.stringify({}), status: 'running' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await scrape();
    expect(sample(before, 'reelsmith_credits_returned_total')).toBe(0);
    await t.jobs.boss.send(DEAD_LETTER_QUEUE, { generationJobId: job.id });
    const text = await until(scrape, (s) => sample(s, 'reelsmith_jobs_dead_lettered_total') === 1);
    expect(sample(text, 'reelsmith_jobs_dead_lettered_total')).toBe(1);
    expect(sample(text, 'reelsmith_credits_returned_total')).toBe(1);
  });

  it('reports the queues and the database pool at scrape time', async () => {
    const text = await scrape();
    expect(sample(text, 'reelsmith_queue_stats_up')).toBe(1);
    for (const queue of ['generation.voiceover', 'generation.videos', 'generation.final', DEAD_LETTER_QUEUE]) {
      expect(sample(text, `reelsmith_queue_jobs{queue="${queue}",state="ready"}`), queue).toBeGreaterThanOrEqual(0);
      expect(sample(text, `reelsmith_queue_oldest_ready_seconds{queue="${queue}"}`), queue).toBeGreaterThanOrEqual(0);
    }
    // A job due but not taken: its queue's depth and age show it (nothing works the e-mail retries' queue here for a second).
    await t.jobs.boss.offWork('email-retry');
    await t.jobs.boss.send('email-retry', { logId: randomUUID() });
    const waiting = await until(scrape, (s) => (sample(s, 'reelsmith_queue_oldest_ready_seconds{queue="email-retry"}') ?? 0) >= 1, 5000);
    expect(sample(waiting, 'reelsmith_queue_jobs{queue="email-retry",state="ready"}')).toBe(1);
    expect(sample(waiting, 'reelsmith_queue_oldest_ready_seconds{queue="email-retry"}')).toBeGreaterThanOrEqual(1);
    const total = sample(text, 'reelsmith_db_pool_connections{state="total"}');
    if (kind === 'pglite') expect(total).toBe(1);
    else expect(total).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'reelsmith_db_pool_connections{state="waiting"}')).toBe(0);
  });
});

describe('where /metrics is served', () => {
  it('serves it on its own port (as workers do) and not on the app port, behind the token when set', async () => {
    const t = await buildTestApp('pglite', { METRICS_TOKEN: token, METRICS_PORT: '0' }, undefined, { metrics: true, work: false });
    const listener = await listenForMetrics({ ...t.config, host: '127.0.0.1', role: 'worker' }, t.metrics!, silentLogger);
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(404);
      expect(listener).toBeDefined();
      expect((await fetch(listener!.url)).status).toBe(401);
      const res = await fetch(listener!.url, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('reelsmith_job_duration_seconds');
      expect((await fetch(listener!.url.replace('/metrics', '/healthz'))).status).toBe(404);
    } finally {
      await listener?.close();
      await t.close();
    }
  });

  it('without a token or port, outside production, answers loopback callers only', async () => {
    const t = await buildTestApp('pglite', {}, undefined, { metrics: true, work: false });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' })).statusCode).toBe(401);
      // A forwarded header does not make a remote caller local.
      expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('refuses a weak or malformed METRICS_TOKEN, a bad METRICS_PORT, or the app port, without echoing the token', () => {
    const load = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'test', ...env });
    for (const bad of ['short-secret', 'has a space in the middle of it', `tab\tin-the-token-0123456789`, 'x'.repeat(600)]) {
      expect(load({ METRICS_TOKEN: bad })).toThrow(ConfigError);
      try {
        load({ METRICS_TOKEN: bad })();
      } catch (err) {
        expect((err as Error).message).not.toContain(bad);
      }
    }
    expect(load({ METRICS_PORT: 'abc' })).toThrow(/METRICS_PORT must be a port number/);
    expect(load({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT must be a port number/);
    expect(load({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: token, METRICS_PORT: '9464' }).metrics).toEqual({ token, port: 9464 });
    expect(loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: '', METRICS_PORT: '' }).metrics).toEqual({ token: undefined, port: undefined });
  });
});
