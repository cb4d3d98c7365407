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

export function createLogger(level: string): Logger {
  return pino(loggerOptions(level));
}
