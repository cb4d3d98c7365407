import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { restRoutes } from '../src/rest/rest-routes.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

/** A built script of some size (the precompressing script leaves files under 1 KiB alone). */
const bigScript = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i} * 2;`).join('\n');

describe('platform: health, headers, OpenAPI, static apps', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'reelsmith-dist-'));
    mkdirSync(join(dist, 'web/assets'), { recursive: true });
    mkdirSync(join(dist, 'admin/assets'), { recursive: true });
    writeFileSync(join(dist, 'web/index.html'), '<!doctype html><title>web</title><div id="root">customer app</div>');
    writeFileSync(join(dist, 'web/landing.html'), `<!doctype html><title>web</title><div id="root" data-prerendered="landing">drawn landing page${' <p>and its sections</p>'.repeat(100)}</div>`);
    writeFileSync(join(dist, 'web/assets/index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'web/assets/index-abc123.css'), 'body { margin: 0 }');
    writeFileSync(join(dist, 'admin/index.html'), '<!doctype html><title>admin</title>admin app');
    writeFileSync(join(dist, 'web/assets/app-def456.js'), bigScript);
    writeFileSync(join(dist, 'admin/assets/admin-789abc.css'), `.row { color: #123456 }\n`.repeat(200));
    // What both apps' builds do last.
    execFileSync(process.execPath, [resolve(import.meta.dirname, '../../../scripts/precompress-dist.ts'), join(dist, 'web'), join(dist, 'admin')]);
    t = await buildTestApp('pglite', { WEB_DIST: join(dist, 'web'), ADMIN_DIST: join(dist, 'admin'), RATE_LIMIT_MAX: '25' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports health with the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, database: 'up' });
  });

  it('reports readiness: the database, the media storage and the job queue all answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, database: 'up', storage: 'up', queue: 'up' });
    expect(res.headers['set-cookie']).toBeUndefined();
    // Not the web app's page fallback.
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('sends a strict content security policy and other security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the web app at / and its SPA fallback, the admin app under /admin', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/', cookies: { rs_session: 'some-session' } });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('customer app');
    expect(root.headers['cache-control']).toBe('no-cache');
    const deep = await t.app.inject({ method: 'GET', url: '/project/123' });
    expect(deep.body).toContain('customer app');
    const admin = await t.app.inject({ method: 'GET', url: '/admin/users/42' });
    expect(admin.body).toContain('admin app');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A script keeps the headers that apply to it, not those only a document reads.
    expect(asset.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'cross-origin-resource-policy': 'same-origin', 'referrer-policy': 'no-referrer' });
    const style = await t.app.inject({ method: 'HEAD', url: '/assets/index-abc123.css' });
    expect(style.headers['content-type']).toMatch(/^text\/css/);
    for (const res of [asset, style]) {
      for (const header of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'origin-agent-cluster']) expect(res.headers[header], header).toBeUndefined();
    }
    // Pages, the API and anything else keep them all, a made-up asset path included.
    for (const url of ['/', '/project/123', '/admin/users/42', '/api/plans', '/assets/missing.js', '/assets/index-abc123.js.map', '/favicon.svg']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('sends the Brotli and gzip copies a build made of scripts and styles as they are, the file itself to a browser that takes neither', async () => {
    expect(existsSync(join(dist, 'web/assets/app-def456.js.br'))).toBe(true);
    expect(existsSync(join(dist, 'web/assets/index-abc123.js.br'))).toBe(false);
    const br = await t.app.inject({ method: 'GET', url: '/assets/app-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', 'cache-control': 'public, max-age=31536000, immutable' });
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload).toEqual(readFileSync(join(dist, 'web/assets/app-def456.js.br')));
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);
    const gz = await t.app.inject({ method: 'GET', url: '/admin/assets/admin-789abc.css', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/^text\/css/);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(readFileSync(join(dist, 'admin/assets/admin-789abc.css'), 'utf8'));
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-def456.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
    // A small file has no copies: compressed on the fly, as before.
    const small = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(small.rawPayload).toString()).toBe('console.log(1)');
  });

  it('sends visitors without a session the landing page drawn at build time, at / only; with one, the app page', async () => {
    for (const url of ['/', '/?utm_source=ad', `/?q=${encodeURIComponent('<script>alert(1)</script>\u202e')}&${'x'.repeat(4000)}`]) {
      const visitor = await t.app.inject({ method: 'GET', url });
      expect(visitor.statusCode).toBe(200);
      expect(visitor.body).toContain('drawn landing page');
      expect(visitor.headers['content-type']).toMatch(/^text\/html/);
      expect(visitor.headers['cache-control']).toBe('no-cache');
      expect(visitor.headers['content-security-policy']).toContain("script-src 'self'");
    }
    // Compressed (about 100 KB of markup in the real build): the build's own copies, sent as they are.
    const compressed = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toBe('no-cache');
    expect(compressed.headers['vary']).toMatch(/accept-encoding/i);
    expect(compressed.rawPayload).toEqual(readFileSync(join(dist, 'web/landing.html.br')));
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('drawn landing page');
    const gzipped = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(readFileSync(join(dist, 'web/landing.html'), 'utf8'));
    // A revisit with the page's validator is answered 304, without the page.
    const etag = compressed.headers['etag'] as string;
    expect(etag).toBeTruthy();
    const revisit = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(revisit.statusCode).toBe(304);
    expect(revisit.body).toBe('');
    // Many visitors at once, each taking what its browser accepts, all get the same page.
    const crowd = await Promise.all(
      Array.from({ length: 24 }, (_, i) => t.app.inject({ method: 'GET', url: `/?visit=${i}`, headers: { 'accept-encoding': ['br', 'gzip', 'identity'][i % 3]! } })),
    );
    const landing = readFileSync(join(dist, 'web/landing.html'), 'utf8');
    for (const [i, res] of crowd.entries()) {
      expect(res.statusCode).toBe(200);
      const encoding = res.headers['content-encoding'];
      const page = encoding === 'br' ? brotliDecompressSync(res.rawPayload).toString() : encoding === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.body;
      expect(page, `visit ${i}`).toBe(landing);
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
    const customer = await t.app.inject({ method: 'GET', url: '/', cookies: { rs_session: 'x' } });
    expect(customer.body).toContain('customer app');
    // A control character in the query is refused as everywhere (the input guard), not served a page.
    const nul = await t.app.inject({ method: 'GET', url: '/?q=%00' });
    expect(nul.statusCode).toBe(400);
    expect(nul.body).not.toContain('drawn landing page');
    // The page is the same static file whoever asks: nothing from the request reaches it.
    const hostile = await t.app.inject({ method: 'GET', url: '/?name=%3Cimg%20src%3Dx%3E', headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(hostile.statusCode).toBe(200);
    expect(hostile.body).not.toContain('<img src=x>');
    expect(hostile.headers['access-control-allow-origin']).toBeUndefined();
    for (const url of ['/pricing', '/s/abc', '/project/new', '/landing']) {
      expect((await t.app.inject({ method: 'GET', url })).body, url).toContain('customer app');
    }
  });

  it('answers unknown API paths with a JSON 404, never the SPA', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    const post = await t.app.inject({ method: 'POST', url: '/somewhere' });
    expect(post.statusCode).toBe(404);
  });

  it('documents every REST route in an OpenAPI 3.1 document and a docs page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const route of restRoutes) {
      const op = doc.paths[route.path]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      expect(op.operationId).toBe(route.procedure);
    }
    const user = doc.paths['/api/auth/user'].get.responses['200'].content['application/json'].schema;
    expect(user.properties.createdAt).toMatchObject({ type: 'string', format: 'date-time' });
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/api/auth/user');
  });

  it('limits the request rate per client with the shared error shape', async () => {
    let last = 0;
    let body: unknown;
    for (let i = 0; i < 30; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', remoteAddress: '198.51.100.7' });
      last = res.statusCode;
      body = res.json();
      if (last === 429) break;
    }
    expect(last).toBe(429);
    expect(body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it('documents the rate-limit headers and the 429 answer on every operation, and sends the headers it documents', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>>)) {
      for (const [method, op] of Object.entries(methods)) {
        const success = Object.entries(op.responses).find(([status]) => status.startsWith('2'))![1];
        expect(Object.keys(success.headers ?? {}), `${method} ${path}`).toEqual(expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']));
        expect(Object.keys(op.responses['429']?.headers ?? {}), `${method} ${path}`).toContain('Retry-After');
      }
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/plans', remoteAddress: '198.51.100.9' });
    expect(res.headers['x-ratelimit-limit']).toBe('25');
    expect(res.headers['x-ratelimit-remaining']).toBe('24');
    expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
  });

  it("does not count the apps' own files against the limit, only the server's paths", async () => {
    const remoteAddress = '198.51.100.8';
    // Twice the limit of page loads and scripts, as a browser with an empty cache asks for them.
    for (let i = 0; i < 25; i += 1) {
      for (const url of ['/project/123', '/assets/index-abc123.js', '/admin/users']) {
        expect((await t.app.inject({ method: 'GET', url, remoteAddress })).statusCode, url).toBe(200);
      }
    }
    // The API budget is untouched: 25 calls pass, the next is refused.
    const codes: number[] = [];
    for (let i = 0; i < 26; i += 1) codes.push((await t.app.inject({ method: 'GET', url: '/api/auth/user', remoteAddress })).statusCode);
    expect(codes.slice(0, 25).every((c) => c === 401)).toBe(true);
    expect(codes[25]).toBe(429);
  });
});

describe('configuration', () => {
  const base = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://reels.example',
    ADMIN_EMAIL: 'a@example.com',
    ADMIN_PASSWORD: 'pw-long-enough',
    STRIPE_SECRET_KEY: 'sk_live_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    MEDIA_SECRET: 'a-media-signing-secret-of-32-chars-min',
  };

  it('refuses production without a real Google client', () => {
    expect(() => loadConfig(base)).toThrow(/GOOGLE_CLIENT_ID/);
  });

  it('refuses production without Stripe, and a half-configured Stripe anywhere', () => {
    expect(() => loadConfig({ ...base, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('refuses production without a media signing secret', () => {
    expect(() => loadConfig({ ...base, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', MEDIA_SECRET: '' })).toThrow(/MEDIA_SECRET/);
  });

  it('refuses a separate server or worker on the embedded database', () => {
    expect(() => loadConfig({ ROLE: 'worker' })).toThrow(/DATABASE_URL/);
  });

  it('refuses production without the main admin credentials', () => {
    expect(() => loadConfig({ ...base, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', ADMIN_PASSWORD: '' })).toThrow(/ADMIN_EMAIL/);
  });

  it('accepts a complete production configuration with secure cookies', () => {
    const config = loadConfig({ ...base, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', LLM_PROVIDER: 'local', TTS_PROVIDER: 'local', IMAGE_PROVIDER: 'local', VIDEO_PROVIDER: 'local' });
    expect(config.isProduction).toBe(true);
    expect(config.google?.issuer).toBe('https://accounts.google.com');
  });

  it('refuses a plain-http PUBLIC_URL in production, loopback aside, and checks the Workspace domain', () => {
    const full = { ...base, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', LLM_PROVIDER: 'local', TTS_PROVIDER: 'local', IMAGE_PROVIDER: 'local', VIDEO_PROVIDER: 'local' };
    expect(() => loadConfig({ ...full, PUBLIC_URL: 'http://reels.example' })).toThrow(/PUBLIC_URL must start with https:\/\//);
    expect(loadConfig({ ...full, PUBLIC_URL: 'http://localhost:3000' }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ ...full, GOOGLE_HOSTED_DOMAIN: ' Example.COM ' }).google?.hostedDomain).toBe('example.com');
    expect(() => loadConfig({ ...full, GOOGLE_HOSTED_DOMAIN: 'not a domain' })).toThrow(/GOOGLE_HOSTED_DOMAIN/);
    expect(loadConfig(full).google?.timeoutMs).toBe(10_000);
  });

  it('takes S3 credentials from the AWS default chain when no keys are set, and refuses half a key pair', () => {
    const s3 = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'media' }).s3;
    expect(s3).toMatchObject({ bucket: 'media', accessKeyId: undefined, secretAccessKey: undefined, maxSockets: 200 });
    expect(loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'ASIA', S3_SECRET_ACCESS_KEY: 's', S3_SESSION_TOKEN: 't' }).s3?.sessionToken).toBe('t');
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
  });

  it('needs a sender with SMTP in production, and takes the TLS and EHLO settings', () => {
    const full = { ...base, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', LLM_PROVIDER: 'local', TTS_PROVIDER: 'local', IMAGE_PROVIDER: 'local', VIDEO_PROVIDER: 'local', SMTP_HOST: 'smtp.mail.example', SMTP_PORT: '587' };
    expect(() => loadConfig(full)).toThrow(/EMAIL_FROM is required/);
    const smtp = loadConfig({ ...full, EMAIL_FROM: 'Reelsmith <hello@reels.example>' }).smtp;
    // STARTTLS required off this machine; the EHLO name is the public host (with a dot), not the container's.
    expect(smtp).toMatchObject({ secure: false, requireTls: true, ehloName: 'reels.example', from: 'Reelsmith <hello@reels.example>' });
    expect(loadConfig({ ...full, EMAIL_FROM: 'a@b.example', SMTP_PORT: '2465', SMTP_SECURE: 'true', SMTP_EHLO_NAME: 'relay-client.example' }).smtp).toMatchObject({ secure: true, ehloName: 'relay-client.example' });
    expect(loadConfig({ SMTP_HOST: '127.0.0.1' }).smtp?.requireTls).toBe(false);
    expect(() => loadConfig({ SMTP_HOST: 'smtp.mail.example', SMTP_CA_FILE: '/nonexistent/ca.pem' })).toThrow(/SMTP_CA_FILE/);
  });

  it('explains a malformed value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('defaults to the embedded database and the development sign-in', () => {
    const config = loadConfig({});
    expect(config.databaseUrl).toBeUndefined();
    expect(config.google).toBeUndefined();
    expect(config.port).toBe(3000);
  });
});
