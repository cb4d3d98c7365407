import { pino, type Logger, type LoggerOptions } from 'pino';

/** Paths whose values never reach a log: credentials, cookies, tokens, secrets. */
export const redactPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.accessToken',
  '*.idToken',
  '*.secret',
  '*.clientSecret',
  '*.apiKey',
  '*.smtpPassword',
  '*.stripeSecretKey',
];

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        // Query strings can carry OAuth codes and states: log the path only.
        url: req.url.split('?')[0],
        ip: req.ip,
      }),
    },
  };
}

/**
 * Lines go to stdout through an asynchronous destination: written from a buffer off the request's path
 * (what piles up while a write is under way goes out in one), not with one blocking write per line, which
 * under load cost the API 7 % of its CPU (docs/benchmarks.md). The buffer is written out when the
 * process exits, by process.exit or a crash alike; only a SIGKILL or an out-of-memory abort loses what
 * it held at that moment.
 */
export function createLogger(level: string): Logger {
  return pino(loggerOptions(level), pino.destination({ dest: 1, sync: false }));
}
