import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRules, PROMTOOL_BIN, startPrometheus, yamlBlockOf, type RunningPrometheus } from './support/prometheus.ts';
import { trpcCall } from './support/trpc-call.ts';
import { buildTestApp, devSignIn, listenOnLoopback, type TestApp } from './test-app.ts';

const operationsDoc = resolve(import.meta.dirname, '../../../docs/operations.md');
const token = 'prometheus-scrape-token-4f9c2a7e1b';
const script = 'Meet Glow Serum, the vitamin C boost your routine is missing. Two drops after cleansing and your skin drinks it in.';

// The Done-when line of issue 21: a real Prometheus (the Debian package) scrapes /metrics with the
// bearer token, and its HTTP API answers a request metric and a job metric.
describe('/metrics scraped by a real Prometheus', () => {
  let t: TestApp;
  let base: string;
  let prometheus: RunningPrometheus;
  const dir = mkdtempSync(join(tmpdir(), 'reelsmith-metrics-'));

  beforeAll(async () => {
    t = await buildTestApp('pglite', { METRICS_TOKEN: token }, undefined, { metrics: true });
    base = await listenOnLoopback(t.app);
    const target = new URL(base).host;
    prometheus = await startPrometheus(
      [
        'global: { scrape_interval: 1s, evaluation_interval: 1s }',
        'rule_files: [reelsmith-alerts.yml]',
        'scrape_configs:',
        '  - job_name: reelsmith',
        '    metrics_path: /metrics',
        `    authorization: { type: Bearer, credentials: ${token} }`,
        `    static_configs: [{ targets: ['${target}'] }]`,
        '  - job_name: reelsmith-without-token',
        '    metrics_path: /metrics',
        `    static_configs: [{ targets: ['${target}'] }]`,
      ].join('\n'),
      { 'reelsmith-alerts.yml': yamlBlockOf(operationsDoc, '# reelsmith-alerts.yml') },
    );
  });
  afterAll(async () => {
    await prometheus?.stop();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a request metric and a job metric through the query API', async () => {
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const cookie = await devSignIn(t.app, 'metrics@example.com', 'Morgan Metrics');
    const api = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    const projectId = (await api('POST', '/api/projects', {})).json().id as string;
    expect((await api('GET', `/api/projects/${projectId}`)).statusCode).toBe(200);
    expect((await trpcCall(t.app, 'query', 'projects.get', { id: projectId }, cookie)).status).toBe(200);
    expect((await api('POST', `/api/projects/${projectId}/generate-scenes`, { script, reelTime: 20 })).statusCode).toBe(200);
    // One generation job run to completion by the queue's worker (the local engine's voices).
    const voiced = await api('POST', `/api/projects/${projectId}/generate-voiceover`, { voiceId: 'rs-margaret', sceneSpeedSettings: {} });
    expect(voiced.statusCode).toBe(200);
    expect(voiced.json().job).toMatchObject({ kind: 'voiceover', status: 'succeeded' });

    await prometheus.waitFor('up{job="reelsmith"}', (v) => v[0] === 1);
    // The request metric, by route pattern and status.
    const healthz = await prometheus.waitFor('reelsmith_http_request_duration_seconds_count{job="reelsmith",method="GET",route="/healthz",status="200"}', (v) => (v[0] ?? 0) >= 3);
    expect(healthz).toEqual([3]);
    await prometheus.waitFor('reelsmith_http_request_duration_seconds_count{route="/api/projects/:id",status="200"}', (v) => v[0] === 1);
    await prometheus.waitFor('reelsmith_http_request_duration_seconds_count{route="/trpc/projects.get",status="200"}', (v) => v[0] === 1);
    // Its rate, from Prometheus' own scrapes of /metrics (two samples at least).
    await prometheus.waitFor('rate(reelsmith_http_request_duration_seconds_count{job="reelsmith",route="/metrics",status="200"}[10s])', (v) => (v[0] ?? 0) > 0);
    // The job metric: the voiceover step on the local engine, completed.
    const jobs = await prometheus.waitFor('reelsmith_job_duration_seconds_count{step="voiceover",provider="local",outcome="completed"}', (v) => (v[0] ?? 0) >= 1);
    expect(jobs).toEqual([1]);
    const seconds = await prometheus.query('reelsmith_job_duration_seconds_sum{step="voiceover",outcome="completed"}');
    expect(Number(seconds[0]!.value[1])).toBeGreaterThan(0);
    // No series carries the project's id: routes are patterns.
    const series = await prometheus.query(`{__name__=~"reelsmith_.+", route=~".*${projectId}.*"}`);
    expect(series).toEqual([]);
    // The queue gauges answer too (every queue listed, nothing waiting now).
    await prometheus.waitFor('reelsmith_queue_stats_up', (v) => v[0] === 1);
    const depth = await prometheus.query('reelsmith_queue_jobs{queue="generation.voiceover",state="ready"}');
    expect(depth.map((r) => r.value[1])).toEqual(['0']);
  });

  it('is refused to a scraper without the token', async () => {
    const up = await prometheus.waitFor('up{job="reelsmith-without-token"}', (v) => v.length === 1);
    expect(up).toEqual([0]);
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
  });

  it('loads the alert rules of docs/operations.md, which promtool accepts, with the sample scrape config', async () => {
    const rules = yamlBlockOf(operationsDoc, '# reelsmith-alerts.yml');
    writeFileSync(join(dir, 'reelsmith-alerts.yml'), rules);
    expect(await checkRules(join(dir, 'reelsmith-alerts.yml'))).toContain('SUCCESS: 7 rules found');
    writeFileSync(join(dir, 'token'), token);
    writeFileSync(join(dir, 'prometheus.yml'), yamlBlockOf(operationsDoc, '# prometheus.yml').replace('/etc/prometheus/reelsmith-metrics-token', join(dir, 'token')));
    const { stdout } = await promisify(execFile)(PROMTOOL_BIN, ['check', 'config', join(dir, 'prometheus.yml')]);
    expect(stdout).toContain('SUCCESS');
    // The Prometheus above evaluates them against the app's series.
    const groups = (await (await fetch(`${prometheus.url}/api/v1/rules`)).json()) as { data: { groups: { name: string; rules: { name: string; health: string }[] }[] } };
    const loaded = groups.data.groups.flatMap((g) => g.rules);
    expect(loaded.map((r) => r.name)).toContain('ReelsmithQueueBacklog');
    expect(loaded).toHaveLength(7);
  });
});
