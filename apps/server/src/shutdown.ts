import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';

/** After the grace period, closing may take this much longer (closing pools, the last log lines) before the process is ended. */
const EXIT_MARGIN_MS = 5_000;

/**
 * Makes close() drain rather than wait. Open server-sent event streams (generation progress) hold a
 * connection for up to 30 minutes: they are ended the way tRPC ends a stream that reached its time
 * limit, the body finishing cleanly without tRPC's `return` event, so the browser reconnects (with its
 * last event id) to a server that is still up. And a connection whose answer finishes while closing
 * is closed after it, rather than kept alive until its keep-alive timeout.
 */
export function endEventStreamsOnClose(app: FastifyInstance): { open(): number } {
  const inFlight = new Map<IncomingMessage, ServerResponse>();
  let closing = false;
  const hangUpAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.shouldKeepAlive = false;
    else res.once('finish', () => res.socket?.end());
  };
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    inFlight.set(req, res);
    res.once('close', () => inFlight.delete(req));
    if (closing) hangUpAfter(res);
  });
  const isEventStream = (req: IncomingMessage) => Boolean(req.headers.accept?.includes('text/event-stream'));
  // preClose runs when close() starts, before the server waits for in-flight requests.
  app.addHook('preClose', (done) => {
    closing = true;
    const streams = [...inFlight.keys()].filter(isEventStream);
    if (streams.length > 0) app.log.info({ streams: streams.length }, 'ending progress streams');
    for (const res of inFlight.values()) hangUpAfter(res);
    // tRPC aborts a stream when its request is aborted; the response then ends normally.
    for (const req of streams) req.emit('aborted');
    done();
  });
  return { open: () => [...inFlight.keys()].filter(isEventStream).length };
}

export interface SignalShutdownOptions {
  logger: Logger;
  /** How long in-flight requests and running jobs get (SHUTDOWN_GRACE_SECONDS). */
  graceMs: number;
  /** Stops taking work, lets running work finish, closes connections and pools. */
  close: () => Promise<void>;
  /** Ends the process (tests pass their own). */
  exit?: (code: number) => void;
}

/**
 * SIGTERM or SIGINT closes gracefully and exits 0 (1 when closing failed). Closing that overruns the
 * grace period by more than a few seconds ends the process with 1; so does a second signal
 * (Ctrl-C twice). Answers the function that starts the same shutdown, for callers other than a signal.
 */
export function closeOnSignals({ logger, graceMs, close, exit = (code) => process.exit(code) }: SignalShutdownOptions): (signal: string) => void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      logger.warn({ signal }, 'second signal while shutting down: exiting now');
      exit(1);
      return;
    }
    closing = true;
    logger.info({ signal, graceSeconds: graceMs / 1000 }, 'shutting down: finishing in-flight work');
    const force = setTimeout(() => {
      logger.error({ graceSeconds: graceMs / 1000 }, 'shutdown took too long; exiting');
      exit(1);
    }, graceMs + EXIT_MARGIN_MS);
    force.unref();
    close().then(
      () => {
        clearTimeout(force);
        logger.info('shut down');
        exit(0);
      },
      (err: unknown) => {
        clearTimeout(force);
        logger.error({ err }, 'error while shutting down');
        exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  return shutdown;
}
