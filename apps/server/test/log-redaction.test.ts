import { describe, expect, it } from 'vitest';
import { redactedText, secretHeaders, secretKeys, withoutSecrets } from '../src/log-redaction.ts';
import { capturedLogger } from './support/log-lines.ts';

class ProviderError extends Error {
  apiKey = 'sk-live-provider-key';
  status = 401;
}

describe('secrets in log lines', () => {
  it('censors every secret key one level down and at the top, keeping the rest and leaving the logged object alone', () => {
    const { logger, lines } = capturedLogger();
    const config = { smtpHost: 'mail.example.com', smtpPassword: 'hunter2', stripeSecretKey: 'sk_live_123', nested: { password: 'two-down' } };
    const logged = { config, token: 'top-level-token', user: { email: 'a@example.com', accessToken: 'ya29.x', idToken: 'eyJ.id' } };
    logger.info(logged, 'configured');
    expect(lines[0]).toMatchObject({
      msg: 'configured',
      token: redactedText,
      config: { smtpHost: 'mail.example.com', smtpPassword: redactedText, stripeSecretKey: redactedText },
      user: { email: 'a@example.com', accessToken: redactedText, idToken: redactedText },
    });
    // Two levels down is beyond what the paths covered (pino's `*.password`), as before.
    expect((lines[0]!.config as { nested: unknown }).nested).toEqual({ password: 'two-down' });
    expect(JSON.stringify(lines)).not.toMatch(/hunter2|sk_live_123|top-level-token|ya29|eyJ\.id/);
    expect(config.smtpPassword).toBe('hunter2');
    expect(logged.token).toBe('top-level-token');
  });

  it('censors each secret key name it lists', () => {
    const { logger, lines } = capturedLogger();
    logger.info({ holder: Object.fromEntries(secretKeys.map((key) => [key, `value-of-${key}`])) }, 'all');
    expect(lines[0]!.holder).toEqual(Object.fromEntries(secretKeys.map((key) => [key, redactedText])));
  });

  it('censors cookies, authorization and API-key headers in any logged object, keeping the other headers', () => {
    const { logger, lines } = capturedLogger();
    const headers = Object.fromEntries(secretHeaders.map((name) => [name, `value-of-${name}`]));
    logger.warn({ call: { url: 'https://api.example.com/v1', headers: { ...headers, 'content-type': 'application/json' } }, res: { headers: { 'set-cookie': ['rs_session=abc'] } } }, 'provider call');
    const call = lines[0]!.call as { url: string; headers: Record<string, string> };
    expect(call.url).toBe('https://api.example.com/v1');
    expect(call.headers).toEqual({ ...Object.fromEntries(secretHeaders.map((name) => [name, redactedText])), 'content-type': 'application/json' });
    expect(JSON.stringify(lines)).not.toMatch(/value-of-|rs_session=abc/);
  });

  it('keeps an error’s type, message and stack while censoring its secret fields', () => {
    const { logger, lines } = capturedLogger();
    const err = new ProviderError('the provider refused the key');
    logger.error({ err }, 'provider failed');
    logger.error(err);
    for (const line of lines) {
      expect(line.err).toMatchObject({ type: 'ProviderError', message: 'the provider refused the key', apiKey: redactedText, status: 401 });
      expect(String((line.err as { stack: string }).stack)).toContain('log-redaction.test.ts');
    }
    expect(JSON.stringify(lines)).not.toContain('sk-live-provider-key');
    expect(err.apiKey).toBe('sk-live-provider-key');
  });

  it('censors secrets in a child logger’s bindings', () => {
    const { logger, lines } = capturedLogger();
    logger.child({ integration: { apiKey: 'rs_live_abc' }, secret: 'bound-secret', reqId: 'req-7' }).info('bound');
    expect(lines[0]).toMatchObject({ reqId: 'req-7', secret: redactedText, integration: { apiKey: redactedText } });
    expect(JSON.stringify(lines)).not.toMatch(/rs_live_abc|bound-secret/);
  });

  it('copies nothing for a line without secrets, and survives hostile shapes', () => {
    const plain = { req: { method: 'GET', url: '/api/projects' }, res: { statusCode: 200 }, responseTime: 1.5 };
    expect(withoutSecrets(plain)).toBe(plain);
    // A `__proto__` key from parsed JSON stays an own property and is censored; null prototypes are fine.
    const parsed = JSON.parse('{"__proto__": {"token": "proto-token"}, "other": 1}') as Record<string, unknown>;
    const censored = withoutSecrets(parsed);
    expect(Object.getPrototypeOf(censored)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(censored, '__proto__')?.value).toEqual({ token: redactedText });
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { password: 'null-proto' });
    const { logger, lines } = capturedLogger();
    logger.info(parsed, 'parsed');
    logger.info({ bare, text: 'password=hunter2 stays text' }, 'hostile');
    expect(lines[0]).toMatchObject({ other: 1, msg: 'parsed' });
    expect(lines[1]).toMatchObject({ bare: { password: redactedText }, text: 'password=hunter2 stays text' });
    expect(JSON.stringify(lines)).not.toMatch(/proto-token|null-proto/);
  });
});
