import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { serverLogger } from '../../src/logger.ts';

/** A logger with the server's options whose JSON lines are kept in `lines`, parsed, as they are written. */
export function capturedLogger(level = 'info'): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: serverLogger(level, stream), lines };
}
