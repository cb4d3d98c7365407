import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { CUSTOMER_SESSION_COOKIE } from '@reelsmith/shared';
import type { Config } from '../config.ts';
import { errorBody } from './error-handler.ts';

const serverPrefixes = /^\/(api|trpc|auth|media|healthz|readyz)(\/|$)/;

/**
 * Whether a request reads the built apps (their files or the SPA page), not the server's own paths.
 * Those are static and cheap, and one page view of a browser with an empty cache asks for dozens of
 * them, so they do not count against the per-client rate limit (plugins/security.ts).
 */
export function readsAppFiles(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !serverPrefixes.test(url.split('?')[0] ?? '/');
}

/** The built apps' content-hashed scripts and stylesheets (Vite's assets/ folders). */
export function isBuiltScriptOrStyle(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && /^\/(admin\/)?assets\/[\w.-]+\.(js|css)$/.test(url.split('?')[0] ?? '');
}

function cacheHeaders(reply: FastifyReply, sent: string): void {
  // A build's compressed copy (`page.html.br`) is cached as the file it stands for.
  const path = sent.replace(/\.(br|gz)$/, '');
  // Vite puts content-hashed files under assets/: they never change, so cache them for a year.
  if (/[\\/]assets[\\/]/.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
  else if (path.endsWith('.html')) reply.header('cache-control', 'no-cache');
  else reply.header('cache-control', 'public, max-age=3600');
}

/** Serves the built SPAs (web at /, admin at /admin) with the SPA fallback, when they are built. */
export async function registerStaticApps(app: FastifyInstance, config: Config): Promise<{ web: boolean; admin: boolean }> {
  const webIndex = join(config.webDist, 'index.html');
  const adminIndex = join(config.adminDist, 'index.html');
  const hasWeb = existsSync(webIndex);
  const hasAdmin = existsSync(adminIndex);
  // The builds write Brotli and gzip copies of their pages, scripts and styles (scripts/precompress-dist.ts):
  // sent as they are to a browser that accepts them, so the compression plugin leaves them alone.
  if (hasWeb) {
    await app.register(fastifyStatic, { root: config.webDist, prefix: '/', wildcard: false, setHeaders: cacheHeaders, index: false, preCompressed: true });
  }
  if (hasAdmin) {
    await app.register(fastifyStatic, {
      root: config.adminDist,
      prefix: '/admin/',
      wildcard: false,
      decorateReply: !hasWeb,
      setHeaders: cacheHeaders,
      index: false,
      preCompressed: true,
    });
  }
  const webHtml = hasWeb ? readFileSync(webIndex, 'utf8') : undefined;
  // '/' with the signed-out landing page already drawn (apps/web's build writes it), for visitors
  // without a session: the hero paints before any script runs. Customers get the plain page.
  const landingFile = join(config.webDist, 'landing.html');
  const hasLanding = hasWeb && existsSync(landingFile);
  const adminHtml = hasAdmin ? readFileSync(adminIndex, 'utf8') : undefined;

  if (webHtml) {
    // A route of its own (not the fallback below). The drawn page (~100 KB of markup) goes out as the file it
    // is: its build-time Brotli or gzip copy when the browser takes one, with its validators for a revisit.
    app.get('/', (req, reply) => {
      const visitor = !req.cookies[CUSTOMER_SESSION_COOKIE];
      if (visitor && hasLanding) return reply.sendFile('landing.html');
      return reply.type('text/html').header('cache-control', 'no-cache').send(webHtml);
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    const wantsPage = readsAppFiles(req.method, req.url);
    const html = path === '/admin' || path.startsWith('/admin/') ? adminHtml : webHtml;
    if (wantsPage && html) {
      // The SPA routes the path itself, including its own '404 Page Not Found' screen.
      return reply.type('text/html').header('cache-control', 'no-cache').send(html);
    }
    return reply.status(404).send(errorBody(404, `No route for ${req.method} ${path}`));
  });
  return { web: hasWeb, admin: hasAdmin };
}
