import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { withoutSecrets } from './log-redaction.ts';

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    // Secrets are censored in every line and every child logger's bindings (log-redaction.ts).
    formatters: { log: withoutSecrets, bindings: withoutSecrets },
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
  return serverLogger(level, pino.destination({ dest: 1, sync: false }));
}

/**
 * The server's logger on a destination. pino gives a child logger's bindings no formatter of the
 * root's, so every child (Fastify's per-request loggers included) is made through one that censors them.
 */
export function serverLogger(level: string, destination: DestinationStream): Logger {
  const root = pino(loggerOptions(level), destination);
  const makeChild = root.child;
  root.child = function child(this: Logger, bindings, options) {
    return makeChild.call(this, withoutSecrets(bindings), options);
  } as Logger['child'];
  return root;
}
