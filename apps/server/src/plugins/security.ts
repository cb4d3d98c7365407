import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { hashToken, isLiveApiKey, type AppDeps } from '@reelsmith/core';
import type { Config } from '../config.ts';
import { presentedApiKey } from '../request-context.ts';
import { errorBody } from './error-handler.ts';
import { isBuiltScriptOrStyle, readsAppFiles } from './static-apps.ts';

/**
 * Headers that only mean something on a document (a page, a frame, a worker's script), left off the
 * built apps' scripts and stylesheets: about half a kilobyte on each of the dozen files a first visit
 * loads. Those keep what applies to them: nosniff, the cross-origin resource policy, the referrer policy.
 */
const documentOnlyHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

// Rate-limit buckets: a working API key has its own (integrations behind one address don't starve each
// other); anything else, made-up keys included, counts against its address, so inventing keys buys nothing.
const apiKeyBucket = 'api-key:';

/**
 * Security headers with a CSP the built apps pass, and a per-client rate limit on the server's own
 * paths: per API key for calls with a working key, else per address.
 */
export async function registerSecurity(app: FastifyInstance, config: Config, core: AppDeps): Promise<void> {
  // Helmet's middleware, built once: its headers do not depend on the request (no nonces). @fastify/helmet,
  // used before, built it again for every request (about 20 µs of CPU each, docs/benchmarks.md).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables in a style element and positions popovers inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // Presigned video and audio come from the bucket itself (S3_MEDIA_DELIVERY=presigned).
        mediaSrc: ["'self'", 'blob:', ...(config.s3?.readOrigin ? [config.s3.readOrigin] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...(config.google ? [new URL(config.google.issuer).origin] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    hsts: config.isProduction,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => securityHeaders(req.raw, reply.raw, () => done()));
  app.addHook('onSend', async (req, reply, payload) => {
    // By what is sent, not only the path: a missing asset answers with the app's page, which keeps them.
    const type = String(reply.getHeader('content-type') ?? '');
    if (isBuiltScriptOrStyle(req.method, req.url) && /^(text|application)\/(javascript|css)\b/.test(type)) {
      for (const header of documentOnlyHeaders) reply.removeHeader(header);
    }
    return payload;
  });
  await app.register(rateLimit, {
    global: true,
    keyGenerator: async (req) => {
      const key = presentedApiKey(req);
      // A failed lookup counts the call against its address; the call itself then answers as it would.
      const live = key !== undefined && (await isLiveApiKey(core, key).catch(() => false));
      return live ? `${apiKeyBucket}${hashToken(key)}` : normalizeIP(req.ip);
    },
    max: (_req, bucket) => (bucket.startsWith(apiKeyBucket) ? config.apiKeyRateLimitMax : config.rateLimitMax),
    timeWindow: '1 minute',
    // The apps' own files are not counted: a first visit loads dozens of scripts, styles and samples.
    allowList: (req) => readsAppFiles(req.method, req.url),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      ...errorBody(429, `Too many requests. Please wait ${Math.ceil(ctx.ttl / 1000)} seconds and try again.`),
    }),
  });
}
