import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAs, type TestAdmin } from './support/admin-as.ts';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

type Json = Record<string, unknown>;
type Operation = { requestBody?: { content: { 'application/json': { schema: Json } } }; responses: Record<string, { content?: { 'application/json'?: { schema: Json } } }> };

// /api/openapi.json is the REST contract: true OpenAPI 3.1 (JSON Schema 2020-12), checked with a 2020-12
// validator, and the server's real answers to the calls below validate against it.
describe('the OpenAPI 3.1 document', () => {
  let t: TestApp;
  let doc: { openapi: string; paths: Record<string, Record<string, Operation>> };
  let customer: string;
  let admin: TestAdmin;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  const checked = new Set<string>();

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    customer = await devSignIn(t.app, 'contract@example.com', 'Ada Contract');
    admin = await adminAs(t, 'superadmin');
  });
  afterAll(async () => {
    await t.close();
  });

  /** Calls a documented path and validates a 2xx answer against the operation's response schema. */
  async function call(method: InjectOptions['method'], template: string, params: Record<string, string>, options: { cookie?: string; admin?: boolean; payload?: object; query?: string } = {}): Promise<LightMyRequestResponse> {
    const url = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]!)) + (options.query ? `?${options.query}` : '');
    const headers: Record<string, string> = { origin: 'http://localhost:3000' };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.admin) headers.authorization = `Bearer ${admin.token}`;
    const res = await t.app.inject({ method, url, headers, ...(options.payload ? { payload: options.payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    const operation = doc.paths[template]?.[String(method).toLowerCase()];
    expect(operation, `${method} ${template} is documented`).toBeDefined();
    const schema = operation!.responses[String(res.statusCode)]?.content?.['application/json']?.schema;
    expect(schema, `${method} ${template} documents ${res.statusCode}`).toBeDefined();
    const validate = ajv.compile(schema!);
    expect(validate(res.json()), `${method} ${template}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    checked.add(`${method} ${template}`);
    return res;
  }

  it('is OpenAPI 3.1 with JSON Schema 2020-12 schemas: no nullable, no path parameter in a body, every schema compiles', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(JSON.stringify(doc)).not.toContain('"nullable"');
    for (const [path, methods] of Object.entries(doc.paths)) {
      const pathNames = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      for (const [method, op] of Object.entries(methods)) {
        const body = op.requestBody?.content['application/json'].schema;
        if (body) {
          expect(() => ajv.compile(body), `${method} ${path} request`).not.toThrow();
          for (const name of pathNames) {
            expect(Object.keys((body.properties as Json | undefined) ?? {}), `${method} ${path} body`).not.toContain(name);
            expect((body.required as string[] | undefined) ?? [], `${method} ${path} body`).not.toContain(name);
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

  it("validates the server's real answers, customer, public and back-office", async () => {
    const cookie = customer;
    await call('GET', '/api/auth/user', {}, { cookie });
    await call('GET', '/api/platform/status', {});
    const plans = (await call('GET', '/api/plans', {}, { query: 'type=monthly' })).json() as { id: string }[];
    await call('GET', '/api/plans/{planId}', { planId: plans[0]!.id });
    await call('GET', '/api/subscription/current', {}, { cookie });
    await call('GET', '/api/transactions', {}, { cookie });
    await call('GET', '/api/voices', {});
    const project = (await call('POST', '/api/projects', {}, { cookie, payload: { reelTime: 20, aspect: '9:16' } })).json() as { id: string };
    await call('GET', '/api/projects', {}, { cookie });
    await call('GET', '/api/projects/{id}', { id: project.id }, { cookie });
    await call('PATCH', '/api/projects/{id}', { id: project.id }, { cookie, payload: { title: 'Contract reel' } });
    await call('PUT', '/api/projects/{id}', { id: project.id }, { cookie, payload: { scenes: [{ sceneId: 's1', title: 'Scene 1', text: 'A first scene of the reel.', durationSeconds: 7, wordCount: 6 }] } });
    await call('POST', '/api/projects/{id}/generate-scenes', { id: project.id }, { cookie, payload: { script: 'Meet the new trail shoe. It grips wet rock. Try it this weekend.', reelTime: 20 } });
    await t.db.db.updateTable('projects').set({ status: 'Merged', current_step: 6, assets: JSON.stringify({ final: { type: 'single', url: `/media/projects/${project.id}/final.mp4` } }) }).where('id', '=', project.id).execute();
    const share = (await call('POST', '/api/projects/{id}/share', { id: project.id }, { cookie })).json() as { shortId: string };
    await call('GET', '/api/share/{shortId}', { shortId: share.shortId });
    await call('PUT', '/api/share/{shortId}/view', { shortId: share.shortId });

    const user = await t.db.db.selectFrom('users').select('id').where('email', '=', 'contract@example.com').executeTakeFirstOrThrow();
    for (const path of ['/api/admin/stats', '/api/admin/analytics/project-funnel', '/api/admin/analytics/signup-subscription-funnel', '/api/admin/users', '/api/admin/sessions', '/api/admin/projects/stats', '/api/admin/projects', '/api/admin/audit-logs', '/api/admin/audit-logs/summary', '/api/admin/subscriptions/overview', '/api/admin/subscriptions', '/api/admin/settings', '/api/admin/providers', '/api/admin/admins', '/api/admin/email/templates', '/api/admin/email/logs']) {
      await call('GET', path, {}, { admin: true });
    }
    await call('GET', '/api/admin/users/{userId}/projects', { userId: user.id }, { admin: true });
    await call('GET', '/api/admin/users/{userId}/subscription', { userId: user.id }, { admin: true });
    await call('DELETE', '/api/projects/{id}', { id: project.id }, { cookie });

    const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    // What this test reached, for the record; the rest are covered by their own suites' status checks.
    expect(checked.size).toBeGreaterThanOrEqual(30);
    expect([...checked].every((c) => operations.includes(c))).toBe(true);
  });
});
