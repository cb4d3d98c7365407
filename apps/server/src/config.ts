// The only module that reads process.env: everything else receives a parsed Config.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { requireTlsByDefault } from '@reelsmith/core';
import type { ProvidersConfig } from '@reelsmith/media';
import type { MetricsSettings } from './plugins/metrics-access.ts';
import { providersEnvSchema, providersFromEnv, ProvidersConfigError } from './providers-env.ts';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  /** Other origins whose pages may send state-changing requests (comma-separated), e.g. a dev server. */
  ALLOWED_ORIGINS: z.string().optional().transform((v) => v || undefined),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().optional().transform((v) => v || undefined),
  /** Connections per process to PostgreSQL (each server or worker process has its own pool). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool,
  TRUSTED_PROXY_GEO: z.enum(['', 'none', 'cloudflare', 'vercel', 'headers']).default('').transform((v) => (v === '' || v === 'none' ? undefined : v)),
  GOOGLE_CLIENT_ID: z.string().optional().transform((v) => v || undefined),
  GOOGLE_CLIENT_SECRET: z.string().optional().transform((v) => v || undefined),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  GOOGLE_HOSTED_DOMAIN: z
    .string()
    .optional()
    .transform((v) => v?.trim().toLowerCase() || undefined)
    .pipe(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'GOOGLE_HOSTED_DOMAIN must be a domain name such as example.com').optional()),
  GOOGLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
  SESSION_TTL_SECONDS: z.coerce.number().int().min(60).default(30 * 24 * 60 * 60),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1200),
  API_KEY_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  DEV_SIGN_IN_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  WEB_DIST: z.string().optional(),
  ADMIN_DIST: z.string().optional(),
  ADMIN_EMAIL: z.string().optional().transform((v) => v || undefined),
  ADMIN_PASSWORD: z.string().optional().transform((v) => v || undefined),
  STRIPE_SECRET_KEY: z.string().optional().transform((v) => v || undefined),
  STRIPE_WEBHOOK_SECRET: z.string().optional().transform((v) => v || undefined),
  STRIPE_API_BASE: z.url().optional().or(z.literal('')).transform((v) => v || undefined),
  ROLE: z.enum(['all', 'server', 'worker']).default('all'),
  MEDIA_SECRET: z.string().min(32).optional().or(z.literal('')).transform((v) => v || undefined),
  WORK_DIR: z.string().optional().transform((v) => v || undefined),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
  /** A worker (ROLE=worker) answers /healthz and /readyz on this port when set (container health checks). */
  WORKER_HEALTH_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(65535).optional()),
  /** On SIGTERM/SIGINT: how long in-flight requests and running jobs get to finish (then jobs go back to the queue). */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(25),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional().or(z.literal('')).transform((v) => v || undefined),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PREFIX: z.string().optional(),
  S3_SESSION_TOKEN: z.string().optional().transform((v) => v || undefined),
  S3_MAX_SOCKETS: z.coerce.number().int().min(10).max(5000).default(200),
  S3_MEDIA_DELIVERY: z.enum(['presigned', 'proxy']).default('presigned'),
  S3_PRESIGN_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  REGISTRATION_ENABLED: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  SMTP_URL: z.string().optional().transform((v) => v || undefined),
  SMTP_HOST: z.string().optional().transform((v) => v || undefined),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_USER: z.string().optional().transform((v) => v || undefined),
  SMTP_PASSWORD: z.string().optional().transform((v) => v || undefined),
  EMAIL_FROM: z.string().optional().transform((v) => v || undefined),
  SMTP_SECURE: z.enum(['true', 'false', '']).optional().transform((v) => (v ? v === 'true' : undefined)),
  SMTP_REQUIRE_TLS: z.enum(['true', 'false', '']).optional().transform((v) => (v ? v === 'true' : undefined)),
  SMTP_EHLO_NAME: z.string().trim().max(253).optional().transform((v) => v || undefined),
  SMTP_CA_FILE: z.string().optional().transform((v) => v || undefined),
  SMTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(3),
  SMTP_RATE_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(10),
  SMTP_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // Customers' webhooks: the waits before each retry (seconds, comma-separated; their count is the number of retries) and one attempt's limit.
  WEBHOOK_RETRY_DELAYS_SECONDS: z
    .string()
    .optional()
    .transform((v) => (v ?? '5,300,1800,7200,18000').split(',').map((entry) => entry.trim()).filter(Boolean).map(Number))
    .refine((delays) => delays.length <= 20 && delays.every((d) => Number.isInteger(d) && d >= 1 && d <= 86_400), {
      error: 'WEBHOOK_RETRY_DELAYS_SECONDS takes up to 20 whole numbers of seconds (1 to 86400) separated by commas',
    }),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(60).default(10),
  /** Prometheus scrapers send it as `Authorization: Bearer …` to read /metrics. */
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').max(512, 'METRICS_TOKEN must be at most 512 characters').regex(/^[\x21-\x7e]+$/, 'METRICS_TOKEN takes visible ASCII characters only (no spaces)').optional()),
  /** Serves /metrics on this (internal) port alone, also from workers; 0 picks a free port. */
  METRICS_PORT: z
    .string()
    .trim()
    .regex(/^\d{0,5}$/, 'METRICS_PORT must be a port number (0 to 65535)')
    .optional()
    .transform((v) => (v ? Number(v) : undefined))
    .refine((v) => v === undefined || v <= 65535, 'METRICS_PORT must be a port number (0 to 65535)'),
});

/** The AI providers' variables live in providers-env.ts, parsed here with the rest. */
const envSchema = baseEnvSchema.extend(providersEnvSchema.shape);

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  host: string;
  port: number;
  publicUrl: string;
  /**
   * Origins whose pages may send cookie-carrying state-changing requests when the browser names the
   * origin instead of Sec-Fetch-Site: PUBLIC_URL's, ALLOWED_ORIGINS, and outside production the Vite dev servers.
   */
  allowedOrigins: string[];
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  logLevel: string;
  trustProxy: boolean;
  /** The proxy whose location headers are believed (cloudflare: CF-IPCountry/CF-IPCity); else the IP is looked up offline. */
  trustedProxyGeo: 'cloudflare' | 'vercel' | 'headers' | undefined;
  google:
    | {
        clientId: string;
        clientSecret: string;
        issuer: string;
        /** A Google Workspace domain every customer must belong to (asked for as `hd`, checked in the ID token). */
        hostedDomain: string | undefined;
        /** Deadline for each call to Google (discovery, token exchange, keys). */
        timeoutMs: number;
      }
    | undefined;
  sessionTtlSeconds: number;
  rateLimitMax: number;
  /** Requests per minute per API key (a call with a working key is counted against its key, not its address). */
  apiKeyRateLimitMax: number;
  /** Development sign-ins per minute per address (only where the development sign-in page exists). */
  devSignInRateLimitMax: number;
  webDist: string;
  adminDist: string;
  admin: { email: string | undefined; password: string | undefined };
  registrationEnabled: boolean;
  /** all: serve and work jobs in one process; server or worker alone need PostgreSQL. */
  role: 'all' | 'server' | 'worker';
  /** Signs time-limited media URLs; generated and kept in DATA_DIR when not set (not in production). */
  mediaSecret: string | undefined;
  workDir: string;
  workerConcurrency: number;
  /** ROLE=worker: the port /healthz and /readyz answer on (none when unset). */
  workerHealthPort: number | undefined;
  /** On SIGTERM/SIGINT, in-flight requests and running jobs get this long to finish; running jobs still going then are handed back to the queue. */
  shutdownGraceSeconds: number;
  /** Media on local disk under DATA_DIR/media, or in an S3-compatible bucket. */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        /** Without static keys, the SDK's default chain (environment, shared files, ECS/EKS/instance roles). */
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        sessionToken: string | undefined;
        /** Video and audio go to browsers as presigned URLs valid this long (S3_MEDIA_DELIVERY=presigned), else through the server. */
        presignSeconds: number | undefined;
        /** Where browsers fetch presigned media from (the page's Content-Security-Policy allows it). */
        readOrigin: string | undefined;
        prefix: string | undefined;
        maxSockets: number;
      }
    | undefined;
  /** Stripe when configured; otherwise the local test checkout (never in production). */
  stripe: { secretKey: string; webhookSecret: string; apiBase: URL | undefined } | undefined;
  /** Which AI provider serves each capability (local engine unless chosen), with keys and limits. */
  providers: ProvidersConfig;
  /** The deployment's SMTP server, used when the back-office e-mail settings name none. */
  smtp: SmtpEnvironment | undefined;
  /** Pooled connections and send rate per SMTP server, and the first retry's delay after a temporary refusal. */
  smtpDelivery: { maxConnections: number; ratePerSecond: number; retryBaseSeconds: number };
  /** Customers' webhooks: retry waits, one attempt's limit, loopback (http) allowed outside production only, the guard's allow-list. */
  webhooks: { retryDelaysSeconds: number[]; timeoutMs: number; allowLoopback: boolean; allowHosts: string[] };
  /** /metrics: a bearer token and/or a port of its own (plugins/metrics-access.ts decides where it is served). */
  metrics: MetricsSettings;
}

export interface SmtpEnvironment {
  host: string;
  port: number;
  secure: boolean;
  requireTls: boolean;
  ehloName: string | undefined;
  ca: string | undefined;
  user: string | undefined;
  password: string | undefined;
  from: string;
}

/** SMTP_URL (smtp:// or smtps://, credentials URL-encoded) or SMTP_HOST with its companions. */
function smtpFromEnv(e: z.infer<typeof envSchema>): SmtpEnvironment | undefined {
  let server: { host: string; port: number; secure: boolean; user: string | undefined; password: string | undefined };
  if (e.SMTP_URL) {
    let url: URL;
    try {
      url = new URL(e.SMTP_URL);
    } catch {
      throw new ConfigError('SMTP_URL must look like smtp://user:password@host:587 (or smtps:// for port 465).');
    }
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new ConfigError('SMTP_URL must start with smtp:// or smtps://.');
    const secure = url.protocol === 'smtps:';
    server = {
      host: url.hostname,
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      user: url.username ? decodeURIComponent(url.username) : e.SMTP_USER,
      password: url.password ? decodeURIComponent(url.password) : e.SMTP_PASSWORD,
    };
  } else if (e.SMTP_HOST) {
    server = { host: e.SMTP_HOST, port: e.SMTP_PORT, secure: e.SMTP_SECURE ?? e.SMTP_PORT === 465, user: e.SMTP_USER, password: e.SMTP_PASSWORD };
  } else {
    return undefined;
  }
  let ca: string | undefined;
  if (e.SMTP_CA_FILE) {
    try {
      ca = readFileSync(e.SMTP_CA_FILE, 'utf8');
    } catch {
      throw new ConfigError(`SMTP_CA_FILE: cannot read ${e.SMTP_CA_FILE} (a PEM file with the relay's CA certificate).`);
    }
  }
  return {
    ...server,
    requireTls: e.SMTP_REQUIRE_TLS ?? requireTlsByDefault(server.host),
    // Our public host name (it has a dot) unless set: a container's own name often has none.
    ehloName: e.SMTP_EHLO_NAME ?? (e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname : undefined),
    ca,
    from: e.EMAIL_FROM ?? '',
  };
}

/**
 * S3_MEDIA_DELIVERY=presigned (the default): browsers read video and audio straight from the bucket, so
 * 200 viewers do not hold 200 of the server's storage sockets. `proxy` streams through the server, for
 * a bucket browsers cannot reach (an internal MinIO, say).
 */
function presignedDelivery(e: z.infer<typeof envSchema>): { presignSeconds: number | undefined; readOrigin: string | undefined } {
  if (e.S3_MEDIA_DELIVERY !== 'presigned') return { presignSeconds: undefined, readOrigin: undefined };
  const bucket = e.S3_BUCKET ?? '';
  // Path-style on a custom endpoint; on AWS virtual-hosted, except for bucket names with dots (path-style there too).
  const readOrigin = e.S3_ENDPOINT
    ? new URL(e.S3_ENDPOINT).origin
    : bucket.includes('.')
      ? `https://s3.${e.S3_REGION}.amazonaws.com`
      : `https://${bucket}.s3.${e.S3_REGION}.amazonaws.com`;
  return { presignSeconds: e.S3_PRESIGN_SECONDS, readOrigin };
}

/** The Vite dev servers of apps/web and apps/admin, which proxy the API (see their vite.config.ts). */
const devServerOrigins = ['http://localhost:5173', 'http://localhost:5174', 'http://127.0.0.1:5173', 'http://127.0.0.1:5174'];

/** https, or plain http on a loopback host (Google allows http redirect URIs for localhost only). */
function isSecureOrigin(url: string): boolean {
  const u = new URL(url);
  return u.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
}

function allowedOriginsFrom(publicUrl: string, extra: string | undefined, isProduction: boolean): string[] {
  const listed = (extra ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
    .map((value) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        throw new ConfigError(`ALLOWED_ORIGINS: ${value} is not an origin such as https://app.example.com.`);
      }
      if (url.origin === 'null' || url.origin !== value.replace(/\/$/, '')) {
        throw new ConfigError(`ALLOWED_ORIGINS: ${value} is not an origin such as https://app.example.com (scheme, host and port only).`);
      }
      return url.origin;
    });
  return [...new Set([new URL(publicUrl).origin, ...listed, ...(isProduction ? [] : devServerOrigins)])];
}

const repoRoot = resolve(import.meta.dirname, '../../..');

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ConfigError(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const google =
    e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
      ? {
          clientId: e.GOOGLE_CLIENT_ID,
          clientSecret: e.GOOGLE_CLIENT_SECRET,
          issuer: e.GOOGLE_ISSUER,
          hostedDomain: e.GOOGLE_HOSTED_DOMAIN,
          timeoutMs: e.GOOGLE_TIMEOUT_SECONDS * 1000,
        }
      : undefined;
  if (isProduction && !google) {
    throw new ConfigError('Production needs Google sign-in: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.');
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError('Set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither (local test checkout).');
  }
  if (isProduction && !e.STRIPE_SECRET_KEY) {
    throw new ConfigError('Production needs Stripe: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.');
  }
  if (e.ROLE !== 'all' && !e.DATABASE_URL) {
    throw new ConfigError('ROLE=server and ROLE=worker need DATABASE_URL: the embedded database serves one process only.');
  }
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('STORAGE_DRIVER=s3 needs S3_BUCKET (and S3_ENDPOINT for non-AWS stores).');
  }
  if (e.STORAGE_DRIVER === 's3' && Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (then the AWS default chain is used: environment, shared files, ECS/EKS/instance roles).',
    );
  }
  if (isProduction && !e.MEDIA_SECRET) throw new ConfigError('Production needs MEDIA_SECRET (at least 32 characters) to sign media links.');
  if (isProduction && (e.SMTP_URL || e.SMTP_HOST) && !e.EMAIL_FROM) {
    throw new ConfigError('EMAIL_FROM is required with SMTP in production (e.g. "Reelsmith <hello@your-domain.com>", a sender your mail service has verified).');
  }
  if (isProduction && !e.PUBLIC_URL) throw new ConfigError('Production needs PUBLIC_URL (the https address users open).');
  if (isProduction && e.PUBLIC_URL && !isSecureOrigin(e.PUBLIC_URL)) {
    throw new ConfigError(
      'PUBLIC_URL must start with https:// in production: Google sign-in only returns to https addresses (localhost aside) and the session cookie is sent over https only.',
    );
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError('METRICS_PORT must differ from PORT: metrics get a port of their own (or leave it empty and set METRICS_TOKEN).');
  }
  if (isProduction && (!e.ADMIN_EMAIL || !e.ADMIN_PASSWORD)) {
    throw new ConfigError('Production needs ADMIN_EMAIL and ADMIN_PASSWORD for the main admin.');
  }
  let providers: ProvidersConfig;
  try {
    providers = providersFromEnv(e, isProduction, e.PUBLIC_URL);
  } catch (err) {
    if (err instanceof ProvidersConfigError) throw new ConfigError(err.message);
    throw err;
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    isProduction,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    allowedOrigins: allowedOriginsFrom(publicUrl, e.ALLOWED_ORIGINS, isProduction),
    dataDir: resolve(repoRoot, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    trustedProxyGeo: e.TRUSTED_PROXY_GEO,
    google,
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    rateLimitMax: e.RATE_LIMIT_MAX,
    apiKeyRateLimitMax: e.API_KEY_RATE_LIMIT_MAX,
    devSignInRateLimitMax: e.DEV_SIGN_IN_RATE_LIMIT_MAX,
    webDist: resolve(repoRoot, e.WEB_DIST ?? 'apps/web/dist'),
    adminDist: resolve(repoRoot, e.ADMIN_DIST ?? 'apps/admin/dist'),
    admin: { email: e.ADMIN_EMAIL?.toLowerCase(), password: e.ADMIN_PASSWORD },
    registrationEnabled: e.REGISTRATION_ENABLED,
    role: e.ROLE,
    mediaSecret: e.MEDIA_SECRET,
    workDir: resolve(repoRoot, e.WORK_DIR ?? join(e.DATA_DIR, 'work')),
    workerConcurrency: e.WORKER_CONCURRENCY,
    workerHealthPort: e.WORKER_HEALTH_PORT,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    s3:
      e.STORAGE_DRIVER === 's3'
        ? { bucket: e.S3_BUCKET!, region: e.S3_REGION, endpoint: e.S3_ENDPOINT, accessKeyId: e.S3_ACCESS_KEY_ID || undefined, secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined, sessionToken: e.S3_SESSION_TOKEN, prefix: e.S3_PREFIX, maxSockets: e.S3_MAX_SOCKETS, ...presignedDelivery(e) }
        : undefined,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : undefined }
        : undefined,
    smtp: smtpFromEnv(e),
    smtpDelivery: { maxConnections: e.SMTP_MAX_CONNECTIONS, ratePerSecond: e.SMTP_RATE_PER_SECOND, retryBaseSeconds: e.SMTP_RETRY_BASE_SECONDS },
    webhooks: { retryDelaysSeconds: e.WEBHOOK_RETRY_DELAYS_SECONDS, timeoutMs: Math.round(e.WEBHOOK_TIMEOUT_SECONDS * 1000), allowLoopback: !isProduction, allowHosts: e.OUTBOUND_ALLOW_HOSTS },
    providers,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
  };
}
