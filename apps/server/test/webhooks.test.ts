import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWebhookEndpoint, DEAD_LETTER_MESSAGE, sweepWebhookOutbox, type AppDeps } from '@reelsmith/core';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { apiKeyMessages, maxWebhookEndpoints, webhookMessages } from '@reelsmith/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trpcCall, type TrpcCaller } from './support/trpc-call.ts';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

const script = 'Meet the new trail shoe. It grips wet rock like nothing else. Try it on this weekend and feel the difference.';

interface Received {
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  verified: boolean;
  status: number;
}

/**
 * A customer's receiver on loopback: verifies each request as the Standard Webhooks reference
 * libraries do (recompute the HMAC of id.timestamp.body with the base64-decoded key, compare in
 * constant time with any v1 entry, timestamp within 5 minutes), and answers 500 the first N times a
 * path is called.
 */
class Receiver {
  readonly received: Received[] = [];
  readonly secrets = new Map<string, string>();
  readonly failures = new Map<string, number>();
  server!: Server;
  base = '';

  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const path = req.url ?? '/';
        const header = (name: string) => String(req.headers[name] ?? '');
        const left = this.failures.get(path) ?? 0;
        const status = left > 0 ? 500 : 200;
        if (left > 0) this.failures.set(path, left - 1);
        const verified = Receiver.verify(this.secrets.get(path) ?? '', header('webhook-id'), header('webhook-timestamp'), header('webhook-signature'), body);
        this.received.push({ path, id: header('webhook-id'), timestamp: header('webhook-timestamp'), signature: header('webhook-signature'), body, verified, status });
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'try later');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  static verify(secret: string, id: string, timestamp: string, signatures: string, body: string): boolean {
    if (!secret.startsWith('whsec_') || !id || !/^\d+$/.test(timestamp)) return false;
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
    const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64')).update(`${id}.${timestamp}.${body}`).digest();
    return signatures.split(' ').some((entry) => {
      const [version, value] = entry.split(',');
      const given = Buffer.from(value ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
  }

  at(path: string) {
    return this.received.filter((r) => r.path === path);
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

async function until<T>(what: string, read: () => Promise<T> | T, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Completion webhooks (issue 18): a finished generation job is POSTed, signed the Standard Webhooks
// way, to each of its owner's endpoints by the job queue, retried when the receiver fails, every
// attempt in the owner's log.
describe.each(testDatabaseKinds())('completion webhooks on %s', (kind) => {
  let t: TestApp;
  let receiver: Receiver;
  let owner: string;
  let stranger: string;
  let ownerId: string;

  beforeAll(async () => {
    receiver = new Receiver();
    await receiver.start();
    // Retries after 1 s each (the production schedule is minutes to hours).
    t = await buildTestApp(kind, { WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1', WEBHOOK_TIMEOUT_SECONDS: '3' });
    owner = await devSignIn(t.app, `hooks.owner.${kind}@example.com`, 'Olive Owner');
    stranger = await devSignIn(t.app, `hooks.stranger.${kind}@example.com`, 'Stan Stranger');
    ownerId = (await t.db.db.selectFrom('users').select('id').where('email', '=', `hooks.owner.${kind}@example.com`).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  const call = (type: 'query' | 'mutation', path: string, input: unknown, caller: TrpcCaller = owner) => trpcCall(t.app, type, `webhooks.${path}`, input, caller);

  async function addEndpoint(path: string, caller: TrpcCaller = owner, description = `Receiver ${path}`) {
    const created = await call('mutation', 'create', { url: `${receiver.base}${path}`, description }, caller);
    expect(created.status, created.error).toBe(200);
    receiver.secrets.set(path, created.data.secret);
    return created.data as { id: string; url: string; secret: string };
  }

  const deliveries = async (caller: TrpcCaller = owner) => (await call('query', 'deliveries', undefined, caller)).data as {
    eventId: string; endpointId: string; attempt: number; statusCode: number | null; error: string | null; durationMs: number; nextRetryAt: Date | null; eventType: string;
  }[];

  it('shows the signing secret once, stores it, and never lists it', async () => {
    const created = await addEndpoint('/first');
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = await call('query', 'list', undefined);
    expect(listed.data).toEqual([expect.objectContaining({ id: created.id, url: `${receiver.base}/first`, description: 'Receiver /first' })]);
    expect(JSON.stringify(listed.data)).not.toContain('whsec_');
    const stored = await t.db.db.selectFrom('webhook_endpoints').select('secret').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored.secret).toBe(created.secret);
    expect((await call('mutation', 'delete', { id: created.id })).status).toBe(200);
    expect((await call('query', 'list', undefined)).data).toEqual([]);
  });

  it("POSTs one signed generation.succeeded event for a job that succeeds, to its owner's endpoint only", async () => {
    const mine = await addEndpoint('/owner');
    await addEndpoint('/stranger', stranger);
    const api = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie: owner }, ...(payload ? { payload } : {}) });
    const projectId = (await api('POST', '/api/projects', { reelTime: 20, aspect: '1:1' })).json().id;
    expect((await api('POST', `/api/projects/${projectId}/generate-scenes`, { script, reelTime: 20, sceneCount: 2 })).statusCode).toBe(200);
    const voiceId = (await t.app.inject({ method: 'GET', url: '/api/voices?gender=female' })).json()[0].id;
    const step = await api('POST', `/api/projects/${projectId}/generate-voiceover`, { voiceId, sceneSpeedSettings: {} });
    expect(step.statusCode, step.body).toBe(200);
    const jobId = step.json().job.id;

    const [event] = await until('the event', () => receiver.at('/owner'), (r) => r.length >= 1);
    expect(event!.verified).toBe(true);
    expect(event!.id).toMatch(/^msg_/);
    const body = JSON.parse(event!.body);
    expect(body).toMatchObject({ type: 'generation.succeeded', data: { jobId, projectId, kind: 'voiceover', status: 'succeeded', error: null, reason: null } });
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
    expect(Object.keys(body.data.result.clips[0])).toContain('sceneId');
    const log = await until('the log', () => deliveries(), (d) => d.length >= 1);
    expect(log).toEqual([expect.objectContaining({ eventId: event!.id, endpointId: mine.id, attempt: 1, statusCode: 200, error: null, nextRetryAt: null, eventType: 'generation.succeeded' })]);

    await sleep(1500);
    expect(receiver.at('/owner')).toHaveLength(1);
    expect(receiver.at('/stranger')).toEqual([]);
    expect(await deliveries(stranger)).toEqual([]);
  });

  it('POSTs generation.failed with the error the customer reads when a job is finalised dead', async () => {
    const projectId = (await t.db.db.selectFrom('projects').select('id').where('user_id', '=', ownerId).executeTakeFirstOrThrow()).id;
    const job = await t.db.db
      .insertInto('generation_jobs')
      .values({ project_id: projectId, user_id: ownerId, kind: 'final', input: JSON.stringify({}), status: 'running' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The queue's dead letter: the same finaliser as a runner's last failed attempt.
    await t.jobs.boss.send('generation.dead', { generationJobId: job.id });
    const failed = await until('the failure event', () => receiver.at('/owner').filter((r) => JSON.parse(r.body).type === 'generation.failed'), (r) => r.length >= 1);
    expect(failed[0]!.verified).toBe(true);
    expect(JSON.parse(failed[0]!.body).data).toEqual({ jobId: job.id, projectId, kind: 'final', status: 'dead', error: DEAD_LETTER_MESSAGE, reason: 'generation_failed', result: null });
    expect(receiver.at('/stranger')).toEqual([]);
  });

  it('retries a failing receiver with the same webhook-id and delivers on the third attempt, every attempt logged', async () => {
    const flaky = await addEndpoint('/flaky');
    receiver.failures.set('/flaky', 2);
    const sent = await call('mutation', 'sendTest', { id: flaky.id });
    expect(sent.status).toBe(200);
    const attempts = await until('three attempts', () => receiver.at('/flaky'), (r) => r.length >= 3);
    expect(attempts.map((a) => a.status)).toEqual([500, 500, 200]);
    expect(new Set(attempts.map((a) => a.id))).toEqual(new Set([sent.data.eventId]));
    expect(attempts.every((a) => a.verified)).toBe(true);
    expect(JSON.parse(attempts[2]!.body)).toMatchObject({ type: 'webhook.test', data: { endpointId: flaky.id } });
    const log = await until('three logged attempts', async () => (await deliveries()).filter((d) => d.endpointId === flaky.id), (d) => d.length >= 3);
    expect(log.map((d) => [d.attempt, d.statusCode, d.error, d.nextRetryAt !== null])).toEqual([
      [3, 200, null, false],
      [2, 500, 'HTTP 500', true],
      [1, 500, 'HTTP 500', true],
    ]);
    expect(log.every((d) => d.eventId === sent.data.eventId && d.durationMs >= 0)).toBe(true);
    await sleep(1500);
    expect(receiver.at('/flaky')).toHaveLength(3);
  });

  it('gives up after the last retry of the schedule', async () => {
    const down = await addEndpoint('/down');
    receiver.failures.set('/down', 100);
    await call('mutation', 'sendTest', { id: down.id });
    const log = await until('four attempts', async () => (await deliveries()).filter((d) => d.endpointId === down.id), (d) => d.length >= 4);
    expect(log[0]).toMatchObject({ attempt: 4, statusCode: 500, nextRetryAt: null });
    await sleep(2000);
    expect(receiver.at('/down')).toHaveLength(4);
    await call('mutation', 'delete', { id: down.id });
  });

  it('stops delivering to an endpoint once it is deleted, queued retries included', async () => {
    const doomed = await addEndpoint('/doomed');
    receiver.failures.set('/doomed', 100);
    await call('mutation', 'sendTest', { id: doomed.id });
    await until('the first attempt', async () => (await deliveries()).filter((d) => d.endpointId === doomed.id), (d) => d.length >= 1);
    expect((await call('mutation', 'delete', { id: doomed.id })).status).toBe(200);
    await sleep(3000);
    expect(receiver.at('/doomed')).toHaveLength(1);
    expect((await deliveries()).filter((d) => d.endpointId === doomed.id)).toHaveLength(1);
  });

  it("keeps endpoints to their owner: another customer's id is not found, and nothing changes", async () => {
    const kept = await addEndpoint('/kept');
    for (const path of ['delete', 'sendTest']) {
      const res = await call('mutation', path, { id: kept.id }, stranger);
      expect(res.status, path).toBe(404);
      expect(res.error).toBe(webhookMessages.notFound);
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', "1' OR '1'='1"]) expect((await call('mutation', 'delete', { id })).status, id).toBe(404);
    expect((await call('query', 'list', undefined, stranger)).data.map((e: { id: string }) => e.id)).not.toContain(kept.id);
    expect((await call('query', 'list', undefined)).data.map((e: { id: string }) => e.id)).toContain(kept.id);
    await sleep(700);
    expect(receiver.at('/kept')).toEqual([]);
  });

  it('lets an API key read endpoints and the log, but not add or delete endpoints', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/trpc/auth.apiKeys.create', headers: { cookie: owner }, payload: { json: { name: 'Hooks' } } });
    const key = created.json().result.data.json.key as string;
    const bearer = { bearer: key };
    expect((await call('query', 'list', undefined, bearer)).status).toBe(200);
    expect((await call('query', 'deliveries', undefined, bearer)).status).toBe(200);
    const refused = await call('mutation', 'create', { url: `${receiver.base}/by-key`, description: 'by key' }, bearer);
    expect(refused).toMatchObject({ status: 403, error: webhookMessages.browserOnly });
    expect(refused.error).not.toBe(apiKeyMessages.browserOnly);
    const [first] = (await call('query', 'list', undefined)).data as { id: string }[];
    expect((await call('mutation', 'delete', { id: first!.id }, bearer)).status).toBe(403);
    expect((await call('query', 'list', undefined)).data.map((e: { id: string }) => e.id)).toContain(first!.id);
    // The same over REST, as an integrator calls it.
    const rest = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    expect((await rest('GET', '/api/webhooks', { authorization: `Bearer ${key}` })).json().map((e: { id: string }) => e.id)).toContain(first!.id);
    expect((await rest('GET', '/api/webhooks/deliveries', { authorization: `Bearer ${key}` })).statusCode).toBe(200);
    const byKey = await rest('POST', '/api/webhooks', { authorization: `Bearer ${key}` }, { url: `${receiver.base}/by-key`, description: 'by key' });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json()).toMatchObject({ error: webhookMessages.browserOnly });
    expect((await rest('DELETE', `/api/webhooks/${first!.id}`, { authorization: `Bearer ${key}` })).statusCode).toBe(403);
    const bySession = await rest('POST', '/api/webhooks', { cookie: owner }, { url: `${receiver.base}/by-rest`, description: 'by REST' });
    expect(bySession.statusCode).toBe(201);
    expect(bySession.json().secret).toMatch(/^whsec_/);
    expect((await rest('DELETE', `/api/webhooks/${bySession.json().id}`, { cookie: owner })).statusCode).toBe(200);
    expect(await t.db.db.selectFrom('webhook_endpoints').select('id').where('url', 'like', '%/by-key').execute()).toEqual([]);
  });

  it('refuses internal addresses through the outbound guard, and loopback or http in production', async () => {
    for (const url of ['https://10.0.0.1/hook', 'https://169.254.169.254/latest/meta-data/', 'https://[::ffff:192.168.1.1]/x', 'https://[fd00:ec2::254]/', 'https://100.64.0.1/']) {
      const res = await call('mutation', 'create', { url, description: 'internal' });
      expect(res.status, url).toBe(400);
      expect(res.error, url).toBe(webhookMessages.urlRefused);
    }
    expect((await call('mutation', 'create', { url: 'http://hooks.example.com/x', description: 'plain http' })).error).toBe(webhookMessages.urlHttps);
    // Outside production loopback is allowed (the tests' receivers); 0x7f.1 is 127.0.0.1 to the URL parser.
    expect((await call('mutation', 'create', { url: 'https://0x7f.1/x', description: 'loopback' })).status).toBe(200);
    await t.db.db.deleteFrom('webhook_endpoints').where('description', '=', 'loopback').execute();

    // The production configuration: no loopback, https only.
    const production: AppDeps = { ...t.app.core, webhooks: { ...t.app.core.webhooks!, allowLoopback: false, allowHosts: [] } };
    await expect(createWebhookEndpoint(production, ownerId, { url: `${receiver.base}/prod`, description: 'loopback' })).rejects.toMatchObject({ status: 400, message: webhookMessages.urlHttps });
    await expect(createWebhookEndpoint(production, ownerId, { url: 'https://127.0.0.1/prod', description: 'loopback' })).rejects.toMatchObject({ status: 400, message: webhookMessages.urlRefused });
    await expect(createWebhookEndpoint(production, ownerId, { url: 'https://localhost/prod', description: 'loopback' })).rejects.toMatchObject({ status: 400, message: webhookMessages.urlRefused });
    await expect(createWebhookEndpoint(production, ownerId, { url: 'https://0x7f.1/prod', description: 'loopback' })).rejects.toMatchObject({ status: 400, message: webhookMessages.urlRefused });
    expect(await t.db.db.selectFrom('webhook_endpoints').select('id').where('description', 'in', ['internal', 'plain http', 'loopback']).execute()).toEqual([]);
  });

  it('checks the address again at delivery: a name that now resolves to a private address is not called', async () => {
    const settings = t.app.core.webhooks!;
    let answer = '93.184.215.14';
    settings.resolve = async () => [{ address: answer, family: 4 }];
    try {
      const created = await call('mutation', 'create', { url: 'https://hooks.rebind.test/x', description: 'rebinding' });
      expect(created.status, created.error).toBe(200);
      answer = '10.0.0.5';
      await call('mutation', 'sendTest', { id: created.data.id });
      const [first] = await until('the refused attempt', async () => (await deliveries()).filter((d) => d.endpointId === created.data.id), (d) => d.length >= 1);
      expect(first).toMatchObject({ attempt: 1, statusCode: null, error: 'refused: address private' });
      await call('mutation', 'delete', { id: created.data.id });
    } finally {
      settings.resolve = undefined;
    }
  });

  it('refuses hostile descriptions and URLs with 400 and says why; nothing is stored', async () => {
    const url = `${receiver.base}/hostile`;
    const cases: [unknown, string][] = [
      [{ url, description: 'x'.repeat(10_000) }, webhookMessages.descriptionTooLong],
      [{ url, description: 'invoice\u202Efdp.exe' }, webhookMessages.descriptionInvisible],
      [{ url, description: 'tab\there' }, webhookMessages.descriptionInvisible],
      [{ url, description: 'zero\u200Bwidth' }, webhookMessages.descriptionInvisible],
      [{ url, description: '<img src=x onerror=alert(1)>' }, webhookMessages.descriptionMarkup],
      [{ url, description: '   ' }, webhookMessages.descriptionRequired],
      [{ url: `${url}/${'a'.repeat(10_000)}`, description: 'long url' }, webhookMessages.urlTooLong],
      [{ url: 'javascript:alert(1)', description: 'scheme' }, webhookMessages.urlHttps],
      [{ url: 'https://user:secret@hooks.example.com/', description: 'credentials' }, webhookMessages.urlCredentials],
      [{ url: 'https://hooks.example.com/\u202E', description: 'rtl' }, webhookMessages.urlInvalid],
      [{ url: 'https://hooks.example.com/a b', description: 'space' }, webhookMessages.urlInvalid],
    ];
    for (const [input, message] of cases) {
      const res = await call('mutation', 'create', input);
      expect(res.status, JSON.stringify(input).slice(0, 80)).toBe(400);
      // The field's name may lead the message ('description: …'), as for every input refusal today.
      expect(res.error?.replace(/^\w+: /, '')).toBe(message);
    }
    // NUL is refused by the server's guard for every request before any procedure reads it.
    for (const input of [{ url, description: 'nul\u0000' }, { url, description: 'bell\u0007' }, { url: 42, description: 'number' }, { description: 'missing url' }, { url, description: 'd', secret: 'whsec_mine' }]) {
      expect((await call('mutation', 'create', input)).status, JSON.stringify(input)).toBe(400);
    }
    expect(await t.db.db.selectFrom('webhook_endpoints').select('id').where('url', 'like', '%/hostile%').execute()).toEqual([]);
  });

  // The outbox: a job's event is recorded after the job commits and its deliveries are queued after
  // that, so a process that dies in between must not lose them. Both leftovers are made here as a
  // killed process leaves them; every worker sweeps now and then (here: called, with the clock moved).
  it('recovers what a stopped process left, once, however many workers sweep: a finished job without its event, an event never queued', async () => {
    const email = `hooks.outbox.${kind}@example.com`;
    const survivor = await devSignIn(t.app, email, 'Otto Outbox');
    const userId = (await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    await addEndpoint('/outbox', survivor);
    const now = t.clock.now();
    const project = await t.db.db.insertInto('projects').values({ user_id: userId, title: 'Outbox', scenes: '[]', params: '{}', assets: '{}' }).returning('id').executeTakeFirstOrThrow();
    // Committed as succeeded; the process died before recording the event.
    const job = await t.db.db
      .insertInto('generation_jobs')
      .values({ project_id: project.id, user_id: userId, kind: 'voiceover', status: 'succeeded', stage: 'Done', percent: 100, input: JSON.stringify({}), result: JSON.stringify({ voiceover: {} }), started_at: now, finished_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Recorded (and claimed) by a process that died before queueing its deliveries.
    const orphanId = `msg_outbox_orphan_${kind}`;
    const orphanBody = JSON.stringify({ type: 'generation.failed', timestamp: now.toISOString(), data: { jobId: null, reason: 'outbox test' } });
    await t.db.db.insertInto('webhook_events').values({ id: orphanId, user_id: userId, job_id: null, type: 'generation.failed', body: orphanBody, created_at: now, delivery_claimed_at: now }).execute();

    // Within the grace minute the sweep leaves both to the processes that may still be at them.
    expect(await sweepWebhookOutbox(t.app.core)).toEqual({ jobs: 0, events: 0 });
    t.clock.advance(2 * 60_000);
    // Three workers sweep at once: the job gets one event, the orphan is claimed by one of them.
    const swept = await Promise.all([sweepWebhookOutbox(t.app.core), sweepWebhookOutbox(t.app.core), sweepWebhookOutbox(t.app.core)]);
    expect(swept.reduce((n, s) => n + s.events, 0)).toBe(1);
    expect(await t.db.db.selectFrom('webhook_events').select('id').where('job_id', '=', job.id).execute()).toHaveLength(1);

    const arrived = await until('both recovered events at the receiver', () => receiver.received.filter((r) => r.path === '/outbox'), (r) => r.length >= 2);
    await sleep(1500);
    const all = receiver.received.filter((r) => r.path === '/outbox');
    expect(all).toHaveLength(2);
    expect(new Set(all.map((r) => r.id)).size).toBe(2);
    expect(all.every((r) => r.verified)).toBe(true);
    expect(arrived.map((r) => r.id)).toContain(orphanId);
    expect(all.find((r) => r.id === orphanId)!.body).toBe(orphanBody);
    const recovered = JSON.parse(all.find((r) => r.id !== orphanId)!.body) as { type: string; data: { jobId: string } };
    expect(recovered).toMatchObject({ type: 'generation.succeeded', data: { jobId: job.id } });
    // Nothing is left for a later sweep.
    t.clock.advance(2 * 60_000);
    expect(await sweepWebhookOutbox(t.app.core)).toEqual({ jobs: 0, events: 0 });
    expect(await t.db.db.selectFrom('webhook_events').select('id').where('user_id', '=', userId).where('deliveries_queued_at', 'is', null).execute()).toEqual([]);
  });

  it('stops parallel creates at five endpoints', async () => {
    const busy = await devSignIn(t.app, `hooks.busy.${kind}@example.com`, 'Bea Busy');
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => call('mutation', 'create', { url: `${receiver.base}/busy/${i}`, description: `Endpoint ${i}` }, busy)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(maxWebhookEndpoints);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r).toMatchObject({ status: 409, error: webhookMessages.limit });
    expect((await call('query', 'list', undefined, busy)).data).toHaveLength(maxWebhookEndpoints);
  });
});
