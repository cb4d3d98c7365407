import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { startSmtpSink, type SmtpSink } from '@reelsmith/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument, servedOpenApiDocument } from '../src/rest/openapi.ts';
import { adminAs, type TestAdmin } from './support/admin-as.ts';
import { adminRows, customerRows, missingAnswerFields, specRowsMissing, specRowsStale, type SpecRow } from './support/spec-rows.ts';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

type Json = Record<string, unknown>;
/** A schema and every branch of its unions (oneOf, anyOf, allOf), however deep. */
function branchesOf(schema: Json): Json[] {
  const nested = (['oneOf', 'anyOf', 'allOf'] as const).flatMap((key) => (Array.isArray(schema[key]) ? (schema[key] as Json[]) : []));
  return [schema, ...nested.flatMap(branchesOf)];
}

type Parameter = { name: string; in: 'path' | 'query'; required?: boolean; schema: Json };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: { 'application/json': { schema: Json } } };
  responses: Record<string, { content?: { 'application/json'?: { schema: Json } } }>;
};

/** A query string value as the schema reads it (numbers and booleans travel as text). */
function fromQuery(value: string, schema: Json): unknown {
  if (schema.type === 'integer' || schema.type === 'number') return Number(value);
  if (schema.type === 'boolean') return value === 'true' ? true : value === 'false' ? false : value;
  return value;
}

// /api/openapi.json is the REST contract: true OpenAPI 3.1 (JSON Schema 2020-12), checked with a 2020-12
// validator. Every documented operation is called below with a request the document accepts, and the
// server's real answer validates against it; an operation added without a call here fails the last check.
describe('the OpenAPI 3.1 document', () => {
  let t: TestApp;
  let doc: { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Json> } };
  let customer: string;
  let admin: TestAdmin;
  let sink: SmtpSink;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  const checked = new Set<string>();
  const rowsChecked = new Set<string>();
  const specRows = [...customerRows, ...adminRows];

  /** The spec table row a call answers to: its operation, and the row whose query names cover those sent. */
  function specRowFor(name: string, sent: string[]): SpecRow | undefined {
    const rows = specRows.filter((r) => r.operation === name);
    if (rows.length === 0) return undefined;
    const row = rows.find((r) => sent.every((q) => (r.query ?? []).includes(q)));
    expect(row, `${name}: the query ${sent.join(', ')} is one a spec row documents`).toBeDefined();
    return row;
  }

  beforeAll(async () => {
    // A real SMTP server on loopback, for the test e-mail.
    sink = await startSmtpSink();
    t = await buildTestApp('pglite', { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(sink.port), EMAIL_FROM: 'Reelsmith <no-reply@reelsmith.test>' });
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    customer = await devSignIn(t.app, 'contract@example.com', 'Ada Contract');
    admin = await adminAs(t, 'superadmin');
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  function expectValid(schema: Json, value: unknown, what: string): void {
    const validate = ajv.compile(schema);
    expect(validate(value), `${what}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  }

  /**
   * Calls a documented operation: its path parameters, query and body must be ones the document
   * accepts, and its 2xx answer must validate against the operation's response schema.
   */
  async function call(
    method: InjectOptions['method'],
    template: string,
    params: Record<string, string>,
    options: { cookie?: string; admin?: boolean; bearer?: string; payload?: object; query?: string; prefer?: string; beyondSpec?: boolean } = {},
  ): Promise<LightMyRequestResponse> {
    const name = `${method} ${template}`;
    // A spec table row's call sends exactly the names the row documents (beyondSpec: a call of ours the spec does not describe).
    const specRow = options.beyondSpec ? undefined : specRowFor(name, [...new URLSearchParams(options.query ?? '').keys()]);
    if (specRow) {
      const sentBody = Object.keys(options.payload ?? {}).sort();
      const documented = (specRow.body ?? [[]]).map((names) => [...names].sort());
      expect(documented.map((names) => names.join(',')), `${specRow.row}: the body sends the documented names`).toContain(sentBody.join(','));
    }
    const operation = doc.paths[template]?.[String(method).toLowerCase()];
    expect(operation, `${name} is documented`).toBeDefined();
    const documented = operation!.parameters ?? [];
    for (const [key, value] of Object.entries(params)) {
      const parameter = documented.find((p) => p.in === 'path' && p.name === key);
      expect(parameter, `${name} documents the path parameter ${key}`).toBeDefined();
      expectValid(parameter!.schema, value, `${name} path parameter ${key}`);
    }
    const query = new URLSearchParams(options.query ?? '');
    for (const [key, value] of query) {
      const parameter = documented.find((p) => p.in === 'query' && p.name === key);
      expect(parameter, `${name} documents the query parameter ${key}`).toBeDefined();
      expectValid(parameter!.schema, fromQuery(value, parameter!.schema), `${name} query parameter ${key}`);
    }
    for (const parameter of documented.filter((p) => p.required)) {
      expect(parameter.in === 'path' ? params[parameter.name] : query.get(parameter.name), `${name} sends the required ${parameter.in} parameter ${parameter.name}`).toBeDefined();
    }
    if (options.payload) {
      const body = operation!.requestBody?.content['application/json'].schema;
      expect(body, `${name} documents a request body`).toBeDefined();
      // A spec client may repeat a path parameter in the body ('same body plus id'): the path names it, so
      // the document leaves it out of the body, and the server accepts it when it is the path's own value.
      const repeated = Object.fromEntries(Object.entries(options.payload).filter(([key, value]) => !(key in params && params[key] === value)));
      expectValid(body!, repeated, `${name} request body`);
    }
    const url = template.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(params[key]!)) + (options.query ? `?${options.query}` : '');
    const headers: Record<string, string> = { origin: 'http://localhost:3000' };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.admin) headers.authorization = `Bearer ${admin.token}`;
    if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
    if (options.prefer) headers.prefer = options.prefer;
    const res = await t.app.inject({ method, url, headers, ...(options.payload ? { payload: options.payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    const schema = operation!.responses[String(res.statusCode)]?.content?.['application/json']?.schema;
    expect(schema, `${name} documents ${res.statusCode}`).toBeDefined();
    expectValid(schema!, res.json(), `${name} answer`);
    checked.add(name);
    if (specRow && res.statusCode !== 202) {
      expect(missingAnswerFields(res.json(), specRow.answer ?? []), `${specRow.row}: the documented answer fields`).toEqual([]);
      rowsChecked.add(specRow.row);
    }
    return res;
  }

  // What reads the document without a server (the OpenAPI client types) reads exactly what is served.
  it('is served exactly as buildOpenApiDocument() builds it', () => {
    expect(doc).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });

  // Every app of a process serves one document, built once: none can change what another serves.
  it('is built once per process and cannot be changed through any app', () => {
    const served = servedOpenApiDocument();
    expect(servedOpenApiDocument()).toBe(served);
    const paths = served['paths'] as Record<string, Record<string, { summary?: string }>>;
    const [firstPath, methods] = Object.entries(paths)[0]!;
    const operation = Object.values(methods)[0]!;
    expect(() => {
      operation.summary = 'changed';
    }).toThrow(TypeError);
    expect(() => {
      delete paths[firstPath];
    }).toThrow(TypeError);
    expect(served).toEqual(buildOpenApiDocument());
  });

  it('is OpenAPI 3.1 with JSON Schema 2020-12 schemas: no nullable, no path parameter in a body, every schema compiles', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(JSON.stringify(doc)).not.toContain('"nullable"');
    for (const [path, methods] of Object.entries(doc.paths)) {
      const pathNames = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      for (const [method, op] of Object.entries(methods)) {
        const body = op.requestBody?.content['application/json'].schema;
        if (body) {
          expect(() => ajv.compile(body), `${method} ${path} request`).not.toThrow();
          for (const branch of branchesOf(body)) {
            for (const name of pathNames) {
              expect(Object.keys((branch.properties as Json | undefined) ?? {}), `${method} ${path} body`).not.toContain(name);
              expect((branch.required as string[] | undefined) ?? [], `${method} ${path} body`).not.toContain(name);
            }
          }
        }
        for (const response of Object.values(op.responses)) {
          const schema = response.content?.['application/json']?.schema;
          if (schema && !('$ref' in schema)) expect(() => ajv.compile(schema), `${method} ${path} response`).not.toThrow();
        }
      }
    }
  });

  it('lists the accepted reel times, not any integer', () => {
    const body = doc.paths['/api/projects']!.post!.requestBody!.content['application/json'].schema as { properties: Record<string, Json> };
    expect(body.properties.reelTime!.enum).toEqual([20, 25, 30, 35, 40, 45, 55]);
    expect(ajv.validate(body, { reelTime: 50 })).toBe(false);
    expect(ajv.validate(body, { reelTime: 45 })).toBe(true);
  });

  // The operations are called in the order a customer and the back office use them; each step's
  // answers feed the next (ids, the plan, the subscription), so the steps share this state.
  const cookie = () => customer;
  let pro: { id: string };
  let voiceId: string;
  let projectId: { id: string };

  it('answers the public and account operations as documented; the customer buys Pro', async () => {
    await call('GET', '/api/platform/status', {});
    await call('GET', '/api/auth/user', {}, { cookie: cookie() });
    // API keys: created and revoked with the session; the key itself calls the documented paths too.
    const apiKey = (await call('POST', '/api/auth/api-keys', {}, { cookie: cookie(), payload: { name: 'Contract' } })).json() as { id: string; key: string };
    await call('GET', '/api/auth/api-keys', {}, { bearer: apiKey.key });
    await call('GET', '/api/auth/user', {}, { bearer: apiKey.key });
    // Webhooks: added and deleted with the session; the key lists them, sends a test event and reads the log.
    const endpoint = (await call('POST', '/api/webhooks', {}, { cookie: cookie(), payload: { url: 'http://127.0.0.1:9/contract', description: 'Contract' } })).json() as { id: string };
    await call('GET', '/api/webhooks', {}, { bearer: apiKey.key });
    await call('POST', '/api/webhooks/{id}/test', { id: endpoint.id }, { bearer: apiKey.key });
    await call('GET', '/api/webhooks/deliveries', {}, { bearer: apiKey.key });
    await call('DELETE', '/api/webhooks/{id}', { id: endpoint.id }, { cookie: cookie() });
    await call('DELETE', '/api/auth/api-keys/{id}', { id: apiKey.id }, { cookie: cookie() });
    const plans = (await call('GET', '/api/plans', {}, { query: 'type=monthly' })).json() as { id: string; name: string }[];
    pro = plans.find((p) => p.name === 'Pro')!;
    await call('GET', '/api/plans/{planId}', { planId: pro.id });
    voiceId = ((await call('GET', '/api/voices', {}, { query: 'language=en&gender=female&age=young' })).json() as { id: string }[])[0]!.id;
    // The local test checkout (no Stripe keys) is paid on its own page, as the browser does.
    const checkout = (await call('POST', '/api/stripe/create-checkout-session', {}, { cookie: cookie(), payload: { planId: pro.id, quantity: 1 } })).json() as { sessionId: string };
    const paid = await t.app.inject({ method: 'POST', url: `/billing/local-checkout/${checkout.sessionId}/pay`, headers: { cookie: cookie() } });
    expect(paid.statusCode).toBe(303);
    await call('GET', '/api/stripe/confirm', {}, { cookie: cookie(), query: `session_id=${checkout.sessionId}&planId=${pro.id}` });
    await call('GET', '/api/subscription/current', {}, { cookie: cookie() });
    await call('GET', '/api/transactions', {}, { cookie: cookie() });
  });

  it('answers every wizard step as documented, generation included (one short scene keeps it quick)', async () => {
    const c = cookie();
    projectId = { id: ((await call('POST', '/api/projects', {}, { cookie: c, payload: { title: 'Contract reel', aspect: '9:16', reelTime: 20 } })).json() as { id: string }).id };
    const id = projectId;
    await call('GET', '/api/projects', {}, { cookie: c });
    await call('GET', '/api/projects/{id}', id, { cookie: c });
    await call('PATCH', '/api/projects/{id}', id, { cookie: c, payload: { aspect: '1:1' } });
    await call('PATCH', '/api/projects/{id}', id, { cookie: c, payload: { title: 'Contract reel, renamed' }, beyondSpec: true });
    const script = 'Meet the new trail shoe. It grips wet rock. Try it this weekend.';
    await call('POST', '/api/projects/{id}/generate-scenes', id, { cookie: c, payload: { script, sceneCount: 2, sceneDuration: 10, reelTime: 20 } });
    await call('POST', '/api/projects/{id}/regenerate-scene', id, { cookie: c, payload: { sceneIndex: 0, regenerateAll: false, reelTime: 20, script } });
    const scene = { sceneId: 'scene-1', title: 'Scene 1', text: 'Meet the new trail shoe.', durationSeconds: 2, wordCount: 5 };
    await call('PUT', '/api/projects/{id}', id, { cookie: c, payload: { scenes: [scene], reelTime: 20, currentStep: 2 } });
    const prompt = (
      await call('POST', '/api/ai/generate-avatar-prompts', {}, { cookie: c, payload: { scenes: [{ title: scene.title, text: scene.text }], projectTitle: 'Contract reel', projectScript: script, voiceData: { gender: 'female', age: 'young' } } })
    ).json() as { combinedPrompt: string };
    // The voiceover as the spec's client sends it: all nine documented names.
    const voiceover = { voiceId, language: 'en', gender: 'female', age: 'young', voiceDetails: { name: 'Contract voice', accent: 'American' }, duration: 20, oneVoiceForAll: true, changedScenesOnly: false };
    // The preview needs no project: it runs beside the voiceover job, on the other core.
    await Promise.all([
      call('POST', '/api/voice/preview-url', {}, { cookie: c, payload: { voiceId, text: scene.text, duration: 2, speed: 1, language: 'en' } }),
      call('POST', '/api/projects/{id}/generate-voiceover', id, { cookie: c, payload: { ...voiceover, sceneSpeedSettings: { 'scene-1': 1 } } }),
    ]);
    // Asked to answer at once (RFC 7240): 202 with the job, followed at Location until it is done.
    const voiceAgain = { ...voiceover, sceneSpeedSettings: { 'scene-1': 1.1 } };
    const accepted = await call('POST', '/api/projects/{id}/generate-voiceover', id, { cookie: c, payload: voiceAgain, prefer: 'respond-async' });
    expect(accepted.statusCode).toBe(202);
    const jobId = (accepted.json() as { job: { id: string } }).job.id;
    expect(accepted.headers.location).toBe(`/api/jobs/${jobId}`);
    for (let status = ''; status !== 'succeeded'; ) {
      status = ((await call('GET', '/api/jobs/{id}', { id: jobId }, { cookie: c })).json() as { status: string }).status;
      expect(status).not.toBe('dead');
      if (status !== 'succeeded') await new Promise((r) => setTimeout(r, 100));
    }
    // Square pictures and videos: the smallest frames the engine makes.
    await call('POST', '/api/projects/{id}/generate-avatar', id, { cookie: c, payload: { combinedPrompt: prompt.combinedPrompt, model: 'flux-kontext', aspectRatio: '1:1' } });
    const photo = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#3a7bd5' } }).png().toBuffer();
    const uploaded = (await call('POST', '/api/projects/{id}/upload-avatar', id, { cookie: c, payload: { image: `data:image/png;base64,${photo.toString('base64')}`, filename: 'me.png', aspectRatio: '1:1' } })).json() as { url: string };
    // The documented partial saves: the uploaded list, then the chosen avatar.
    await call('PATCH', '/api/projects/{id}', id, { cookie: c, payload: { assets: { avatar: { uploaded: [uploaded.url] } } } });
    await call('PATCH', '/api/projects/{id}', id, { cookie: c, payload: { selectedAvatar: uploaded.url } });
    const product = await sharp({ create: { width: 60, height: 100, channels: 4, background: { r: 20, g: 184, b: 166, alpha: 1 } } }).png().toBuffer();
    const pictures = (
      await call('POST', '/api/projects/{id}/generate-avatar-product', id, { cookie: c, payload: { productImage: `data:image/png;base64,${product.toString('base64')}`, interactionPrompt: 'holding the shoe', aspectRatio: '1:1' } })
    ).json() as { variations: string[] };
    await call('PUT', '/api/projects/{id}', id, { cookie: c, payload: { assets: { avatar_product: { selected: pictures.variations[0]! } } } });
    await call('POST', '/api/projects/{id}/generate-omni-videos', id, { cookie: c, payload: { quality: 'standard', model: 'omni-human' } });
    await call('POST', '/api/projects/{id}/create-final-video', id, { cookie: c, payload: { sceneOrder: ['scene-1'], transition: 'none', captions: false } });
    const share = (await call('POST', '/api/projects/{id}/share', id, { cookie: c })).json() as { shortId: string };
    await call('GET', '/api/share/{shortId}', { shortId: share.shortId });
    await call('PUT', '/api/share/{shortId}/view', { shortId: share.shortId });
  });

  it('answers every back-office list, card and change as documented', async () => {
    const lists: [string, string?][] = [
      ['/api/admin/stats', 'timeRange=7days'],
      ['/api/admin/stats/series', 'range=30d'],
      ['/api/admin/analytics/project-funnel', 'timeRange=month'],
      ['/api/admin/analytics/signup-subscription-funnel', 'timeRange=3months'],
      ['/api/admin/sessions'],
      ['/api/admin/projects/stats'],
      ['/api/admin/projects', 'page=1&limit=10&status=completed&period=30days'],
      ['/api/admin/audit-logs/summary'],
      ['/api/admin/subscriptions/overview', 'timestamp=1764000000000'],
      ['/api/admin/subscriptions', `search=contract&status=active&planId=${pro.id}&page=1&pageSize=20&timestamp=1764000000000`],
      ['/api/admin/providers'],
      ['/api/admin/admins'],
    ];
    for (const [path, query] of lists) await call('GET', path, {}, { admin: true, ...(query ? { query } : {}) });
    await devSignIn(t.app, 'bystander@example.com', 'Bea Stander');
    const users = (await call('GET', '/api/admin/users', {}, { admin: true, query: 'page=1&limit=10&search=example.com' })).json() as { users: { id: string; email: string }[] };
    const userId = users.users.find((u) => u.email === 'contract@example.com')!.id;
    const single = (await call('GET', '/api/admin/users', {}, { admin: true, query: `userId=${userId}` })).json() as { users: { id: string }[] };
    expect(single.users[0]!.id).toBe(userId);
    await call('GET', '/api/admin/users/{userId}/projects', { userId }, { admin: true });
    const detail = (await call('GET', '/api/admin/users/{userId}/subscription', { userId }, { admin: true })).json() as { currentSubscription: { id: string }; transactions: { id: string }[] };
    const subscriptionId = { subscriptionId: detail.currentSubscription.id };
    await call('POST', '/api/admin/subscriptions/{subscriptionId}/refund', subscriptionId, { admin: true, payload: { transactionId: detail.transactions[0]!.id, amount: 5, reason: 'Goodwill' } });
    await call('POST', '/api/admin/subscriptions/{subscriptionId}/adjust', subscriptionId, { admin: true, payload: { type: 'add_credits', payload: { credits: 2, unit: 'videos' }, reason: 'Goodwill' } });
    const bystander = users.users.find((u) => u.email === 'bystander@example.com')!.id;
    await call('PATCH', '/api/admin/users/{userId}/status', { userId: bystander }, { admin: true, payload: { isActive: false } });
    const settings = (await call('GET', '/api/admin/settings', {}, { admin: true })).json() as object;
    await call('POST', '/api/admin/settings', {}, { admin: true, payload: settings });
    const note = { name: 'contract_note', subject: 'A note', description: 'Sent by the contract test', htmlContent: '<p>Hello</p>', textContent: 'Hello', isActive: true };
    const template = (await call('POST', '/api/admin/email/templates', {}, { admin: true, payload: note })).json() as { id: string };
    // 'same body plus id': the spec's client repeats the path's id in the body.
    await call('PUT', '/api/admin/email/templates/{id}', { id: template.id }, { admin: true, payload: { ...note, id: template.id, subject: 'A note, again' } });
    await call('POST', '/api/admin/email/send-test', {}, { admin: true, payload: { templateName: 'contract_note', recipientEmail: 'qa@example.com' } });
    const account = { email: 'contract.admin@example.com', password: 'Strong-pass-1' };
    const created = (await call('POST', '/api/admin/admins', {}, { admin: true, payload: { ...account, firstName: 'Con', lastName: 'Tract', role: 'support' } })).json() as { id: string };
    const login = (await call('POST', '/api/admin/login', {}, { payload: account })).json() as { token: string };
    await call('POST', '/api/admin/logout', {}, { bearer: login.token });
    await call('DELETE', '/api/admin/admins/{id}', { id: created.id }, { admin: true });
    // The lists of what the actions above left: audit entries, templates and the test e-mail's log.
    await call('GET', '/api/admin/audit-logs', {}, { admin: true, query: 'page=1&limit=20&search=admin&action=all&severity=all' });
    // The lists' CSV exports (issue 21): filters and sort in the body, the file in the answer.
    await call('POST', '/api/admin/exports/users', {}, { admin: true, payload: { search: 'example', sort: 'email', dir: 'asc' } });
    await call('POST', '/api/admin/exports/subscriptions', {}, { admin: true, payload: { status: 'active', sort: 'start', dir: 'desc' } });
    await call('POST', '/api/admin/exports/projects', {}, { admin: true, payload: { status: 'completed', sort: 'title', dir: 'asc' } });
    await call('POST', '/api/admin/exports/activity', {}, { admin: true, payload: { search: 'admin', outcome: 'all', sort: 'time', dir: 'desc' } });
    await call('GET', '/api/admin/email/templates', {}, { admin: true, query: 'page=1&limit=20&search=contract' });
    await call('GET', '/api/admin/email/logs', {}, { admin: true, query: `page=1&limit=20&search=example&status=all&startDate=2020-01-01T00:00:00.000Z&endDate=${new Date(Date.now() + 86_400_000).toISOString()}` });
  });

  it('answers as documented when the customer cancels and deletes', async () => {
    await call('POST', '/api/subscription/cancel', {}, { cookie: cookie(), payload: {} });
    // The back office may still end a cancelled subscription at once (an added call).
    const cancelled = await t.db.db.selectFrom('subscriptions').select('id').where('status', '=', 'cancelled').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    await call('POST', '/api/admin/subscriptions/{subscriptionId}/cancel', { subscriptionId: cancelled.id }, { admin: true, payload: { when: 'now', reason: 'Contract check' } });
    await call('DELETE', '/api/projects/{id}', projectId, { cookie: cookie() });
  });

  it('answers refusals with the documented error body, reason code included', async () => {
    const refusals: [InjectOptions['method'], string, string, Omit<InjectOptions, 'method' | 'url'>][] = [
      ['GET', '/api/auth/user', '/api/auth/user', {}],
      ['GET', '/api/projects/{id}', '/api/projects/no-such-project', { headers: { cookie: cookie() } }],
      ['POST', '/api/projects', '/api/projects', { headers: { cookie: cookie() }, payload: { reelTime: 50 } }],
      ['POST', '/api/admin/login', '/api/admin/login', { payload: { email: 'nobody@example.com', password: 'Wrong-pass-1' } }],
    ];
    for (const [method, template, url, options] of refusals) {
      const res = await t.app.inject({ method, url, ...options });
      expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
      const documented = doc.paths[template]![String(method).toLowerCase()]!.responses['4XX']?.content?.['application/json']?.schema;
      expect(documented, `${method} ${template} documents 4XX`).toBeDefined();
      const ref = documented!.$ref as string | undefined;
      const schema = ref ? doc.components.schemas[ref.replace('#/components/schemas/', '')]! : documented!;
      expectValid(schema, res.json(), `${method} ${url} refusal`);
      // Every field of the body is documented (the schema leaves extra fields open, so check by name).
      expect(Object.keys(schema.properties as Json), `${method} ${url}`).toEqual(expect.arrayContaining(Object.keys(res.json() as Json)));
    }
  });

  // The spec's own words for what it refuses (customer §5 and §8, admin §5 and §8), each on the row's
  // call: the body's `error` (what a spec client reads first, §8 'General') is the documented sentence.
  it('refuses with the spec\'s exact words on each row that documents a refusal', async () => {
    const free = await devSignIn(t.app, 'free.contract@example.com', 'Fay Free');
    const project = (await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie: free, origin: 'http://localhost:3000' }, payload: { title: 'Free reel', aspect: '1:1', reelTime: 20 } })).json() as { id: string };
    const png = (await sharp({ create: { width: 40, height: 40, channels: 3, background: '#888888' } }).png().toBuffer()).toString('base64');
    const text = Buffer.from('not a picture').toString('base64');
    const on = (path: string) => `/api/projects/${project.id}/${path}`;
    const refusals: [row: string, method: InjectOptions['method'], url: string, payload: object | undefined, headers: Record<string, string>, status: number, words: string][] = [
      ['admin login', 'POST', '/api/admin/login', { email: 'someone@example.com' }, {}, 400, 'Missing fields: Please enter both email and password'],
      ['project create (Free, second)', 'POST', '/api/projects', { title: 'Again', aspect: '1:1', reelTime: 20 }, { cookie: free }, 402, "You've already created your free video. To create more videos, upgrade your subscription."],
      ['upload-avatar', 'POST', on('upload-avatar'), { image: `data:text/plain;base64,${text}`, filename: 'me.txt', aspectRatio: '1:1' }, { cookie: free }, 400, 'Please upload a JPEG, PNG, GIF, or WebP image.'],
      ['avatar-product, no image', 'POST', on('generate-avatar-product'), { productImage: '', interactionPrompt: 'holding it', aspectRatio: '1:1' }, { cookie: free }, 400, 'Please upload a product image first'],
      ['avatar-product, blank prompt', 'POST', on('generate-avatar-product'), { productImage: `data:image/png;base64,${png}`, interactionPrompt: '   ', aspectRatio: '1:1' }, { cookie: free }, 400, 'Please describe the interaction between avatar and product'],
      ['avatar-product, no avatar', 'POST', on('generate-avatar-product'), { productImage: `data:image/png;base64,${png}`, interactionPrompt: 'holding it', aspectRatio: '1:1' }, { cookie: free }, 400, 'No avatar selected from step 3'],
      ['omni videos, no avatar', 'POST', on('generate-omni-videos'), { quality: 'standard', model: 'omni-human' }, { cookie: free }, 400, 'Please select an avatar in Step 3 before generating videos'],
      ['final video, no scene videos', 'POST', on('create-final-video'), { sceneOrder: [], transition: 'none', captions: false }, { cookie: free }, 422, 'No videos available. Please complete Step 5 first.'],
      ['voiceover speed', 'POST', on('generate-voiceover'), { voiceId, language: 'en', gender: 'female', age: 'young', voiceDetails: {}, sceneSpeedSettings: { 'scene-1': 2 }, duration: 20, oneVoiceForAll: true, changedScenesOnly: false }, { cookie: free }, 400, 'Invalid Speed Setting: use 0.7x to 1.2x.'],
      ['share read', 'GET', '/api/share/no-such-link', undefined, {}, 404, 'Share link not found'],
    ];
    for (const [row, method, url, payload, headers, status, words] of refusals) {
      const res = await t.app.inject({ method, url, headers: { origin: 'http://localhost:3000', ...headers }, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${row}: ${res.body}`).toBe(status);
      expect(res.json(), row).toMatchObject({ error: words, message: words });
      expect((res.json() as { error: string }).error, row).toBe(words);
    }
    // Once an avatar is chosen: a product file that is no picture, and high quality on the Free plan.
    await t.app.inject({ method: 'POST', url: on('upload-avatar'), headers: { cookie: free, origin: 'http://localhost:3000' }, payload: { image: `data:image/png;base64,${png}`, filename: 'me.png', aspectRatio: '1:1' } });
    const notPicture = await t.app.inject({ method: 'POST', url: on('generate-avatar-product'), headers: { cookie: free, origin: 'http://localhost:3000' }, payload: { productImage: `data:text/plain;base64,${text}`, interactionPrompt: 'holding it', aspectRatio: '1:1' } });
    expect(notPicture.statusCode, notPicture.body).toBe(400);
    expect((notPicture.json() as { error: string }).error).toBe('Please upload an image file (PNG, JPG, etc.)');
    const hd = await t.app.inject({ method: 'POST', url: on('generate-omni-videos'), headers: { cookie: free, origin: 'http://localhost:3000' }, payload: { quality: 'high', model: 'omni-human' } });
    expect(hd.statusCode, hd.body).toBe(402);
    expect((hd.json() as { error: string }).error).toBe('HD Quality Locked: High-quality video generation is only available for paid subscribers.');
    // A checkout left unpaid answers the row's fields with ok false and the reason in error; an unknown
    // session is a 404 whose error field a spec client reads (§8 'General').
    const opened = (await t.app.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', headers: { cookie: free, origin: 'http://localhost:3000' }, payload: { planId: pro.id, quantity: 1 } })).json() as { sessionId: string };
    const unpaid = await t.app.inject({ method: 'GET', url: `/api/stripe/confirm?session_id=${opened.sessionId}&planId=${pro.id}`, headers: { cookie: free } });
    expect(unpaid.json()).toMatchObject({ ok: false, error: expect.stringMatching(/\w/) });
    const unknown = await t.app.inject({ method: 'GET', url: `/api/stripe/confirm?session_id=cs_unknown&planId=${pro.id}`, headers: { cookie: free } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'Payment session not found' });
    // A customer call without a session: 401 whose body asks for a new sign-in (§7).
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/projects' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ requiresReauth: true });
  });

  it('sends every row of both specs\' call tables its documented request and reads its documented answer fields', () => {
    // The rows described in support/spec-rows.ts are the specs' rows, word for word.
    expect(specRowsMissing()).toEqual([]);
    expect(specRowsStale()).toEqual([]);
    expect([...rowsChecked].sort()).toEqual(specRows.map((r) => r.row).sort());
  });

  it('has called every documented operation: a new operation needs a call above', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(operations.length).toBeGreaterThan(0);
    expect([...checked].sort()).toEqual(operations.sort());
  });
});
