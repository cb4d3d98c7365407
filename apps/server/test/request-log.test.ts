import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { OneLinePerRequest } from '../src/plugins/request-log.ts';
import { capturedLogger } from './support/log-lines.ts';

function capturingApp() {
  const { logger, lines } = capturedLogger('info');
  const app = Fastify({ loggerInstance: logger as FastifyBaseLogger, logController: new OneLinePerRequest() });
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
