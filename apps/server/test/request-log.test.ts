import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/logger.ts';
import { OneLinePerRequest } from '../src/plugins/request-log.ts';

function capturingApp() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ loggerInstance: pino(loggerOptions('info'), stream) as FastifyBaseLogger, logController: new OneLinePerRequest() });
  app.get('/ok', () => ({ ok: true }));
  app.get('/boom', () => {
    throw new Error('broken');
  });
  return { app, lines };
}

describe('request logging', () => {
  let close: (() => Promise<unknown>) | undefined;
  afterEach(async () => {
    await close?.();
  });

  it('writes one line per request, on completion, with method, path without query, status and time', async () => {
    const { app, lines } = capturingApp();
    close = () => app.close();
    const res = await app.inject({ method: 'GET', url: '/ok?code=secret-oauth-code' });
    expect(res.statusCode).toBe(200);
    const requestLines = lines.filter((l) => l.reqId);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: '/ok' }, res: { statusCode: 200 } });
    expect(typeof requestLines[0]!.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('secret-oauth-code');
  });

  it('still logs failed requests with their status', async () => {
    const { app, lines } = capturingApp();
    close = () => app.close();
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    const completed = lines.filter((l) => l.msg === 'request completed' || l.msg === 'request errored');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ req: { url: '/boom' }, res: { statusCode: 500 } });
    expect(lines.some((l) => l.msg === 'incoming request')).toBe(false);
  });
});
