import { sessionExpiredMessage, type FailedAnswer } from '@reelsmith/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { createApiFetch, type ApiFetchConfig } from './api-fetch.ts';

function answer(status: number, body: string, statusText = ''): Response {
  return new Response(status === 204 ? null : body, { status, statusText });
}

function setup(response: Response, config: Partial<ApiFetchConfig> = {}) {
  const fetch = vi.fn((_input: string, _init: RequestInit) => Promise.resolve(response));
  const onSessionEnded = vi.fn();
  return { fetch, onSessionEnded, apiFetch: createApiFetch({ fetch, onSessionEnded, ...config }) };
}

describe('createApiFetch: the call', () => {
  it('always sends cookies and sets no content type without a body', async () => {
    const { fetch, apiFetch } = setup(answer(200, '{"ok":true}'));
    await expect(apiFetch('/api/projects')).resolves.toEqual({ ok: true });
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/api/projects');
    expect(init).toEqual({ method: 'GET', credentials: 'include' });
  });

  it('sends a body as JSON with the JSON content type', async () => {
    const { fetch, apiFetch } = setup(answer(200, '{"id":"p1"}'));
    await apiFetch('/api/projects', { method: 'POST', body: { title: 'Launch', reelTime: 20 } });
    const init = fetch.mock.calls[0]![1];
    expect(init.credentials).toBe('include');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"title":"Launch","reelTime":20}');
  });

  it("adds the app's session headers, except to an anonymous call", async () => {
    const sessionHeaders = () => ({ Authorization: 'Bearer tok-1' });
    const withToken = setup(answer(200, '{}'), { sessionHeaders });
    await withToken.apiFetch('/api/admin/users/u1/status', { method: 'PATCH', body: { isActive: false } });
    expect(withToken.fetch.mock.calls[0]![1].headers).toEqual({ Authorization: 'Bearer tok-1', 'Content-Type': 'application/json' });

    const anonymous = setup(answer(200, '{}'), { sessionHeaders });
    await anonymous.apiFetch('/api/admin/login', { method: 'POST', body: { email: 'a', password: 'b' }, auth: 'none' });
    expect(anonymous.fetch.mock.calls[0]![1].headers).toEqual({ 'Content-Type': 'application/json' });

    const noToken = setup(answer(200, '{}'), { sessionHeaders: () => ({}) });
    await noToken.apiFetch('/api/admin/stats');
    expect(noToken.fetch.mock.calls[0]![1].headers).toBeUndefined();
  });

  it('passes the abort signal on', async () => {
    const { fetch, apiFetch } = setup(answer(200, '{}'));
    const controller = new AbortController();
    await apiFetch('/x', { signal: controller.signal });
    expect(fetch.mock.calls[0]![1].signal).toBe(controller.signal);
  });

  it('keeps an answer that is not JSON as raw text, and an empty answer as null', async () => {
    await expect(setup(answer(200, 'plain words')).apiFetch('/x')).resolves.toBe('plain words');
    await expect(setup(answer(204, '')).apiFetch('/x')).resolves.toBeNull();
  });
});

describe('createApiFetch: failed answers (the shared §7/§8 rules by default)', () => {
  it.each([
    ['error first', '{"error":"E","message":"M","detail":"D"}', 'E'],
    ['then message', '{"message":"M","detail":"D"}', 'M'],
    ['then detail', '{"detail":"D"}', 'D'],
    ['then the raw text', 'Bad gateway from upstream', 'Bad gateway from upstream'],
  ])('takes the error message from the body: %s', async (_case, body, message) => {
    const error = await setup(answer(502, body, 'Bad Gateway')).apiFetch('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(message);
    expect((error as ApiError).status).toBe(502);
  });

  it('keeps the parsed answer on the error', async () => {
    const error = await setup(answer(409, '{"error":"Taken","field":"email"}')).apiFetch('/x').catch((e: unknown) => e);
    expect((error as ApiError).body).toEqual({ error: 'Taken', field: 'email' });
  });

  it('falls back to the status text when the body is empty', async () => {
    await expect(setup(answer(500, '', 'Internal Server Error')).apiFetch('/x')).rejects.toThrow('Internal Server Error');
  });

  it("reads failed answers with the app's own rule when given one", async () => {
    const readFailedAnswer = vi.fn((status: number): FailedAnswer => ({ message: `rule saw ${status}`, requiresReauth: false }));
    await expect(setup(answer(418, '{"error":"E"}', 'Teapot'), { readFailedAnswer }).apiFetch('/x')).rejects.toThrow('rule saw 418');
    expect(readFailedAnswer).toHaveBeenCalledWith(418, 'Teapot', '{"error":"E"}');
  });
});

describe('createApiFetch: 401 answers', () => {
  const reauthBody = '{"error":"Unauthorized","reason":"Token revoked","message":"Not signed in","requiresReauth":true}';

  it('ends the session on a 401 with requiresReauth and throws its reason', async () => {
    const { apiFetch, onSessionEnded } = setup(answer(401, reauthBody));
    await expect(apiFetch('/api/projects')).rejects.toThrow('Token revoked');
    expect(onSessionEnded).toHaveBeenCalledOnce();
  });

  it('uses the message, then a fixed text, when a re-auth answer has no reason', async () => {
    await expect(setup(answer(401, '{"message":"Login needed","requiresReauth":true}')).apiFetch('/x')).rejects.toThrow('Login needed');
    await expect(setup(answer(401, '{"requiresReauth":true}')).apiFetch('/x')).rejects.toThrow(sessionExpiredMessage);
  });

  it('treats a 401 without requiresReauth as an ordinary error', async () => {
    const { apiFetch, onSessionEnded } = setup(answer(401, '{"error":"Unauthorized"}'));
    await expect(apiFetch('/x')).rejects.toThrow('Unauthorized');
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('resolves a 401 to null when asked to, without ending the session', async () => {
    const { apiFetch, onSessionEnded } = setup(answer(401, reauthBody));
    await expect(apiFetch('/api/auth/user', { on401: 'return-null' })).resolves.toBeNull();
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it("keeps a 401 an ordinary error for an anonymous call and when asked to ('throw')", async () => {
    const login = setup(answer(401, reauthBody));
    await expect(login.apiFetch('/api/admin/login', { method: 'POST', auth: 'none' })).rejects.toThrow('Token revoked');
    expect(login.onSessionEnded).not.toHaveBeenCalled();

    const logout = setup(answer(401, reauthBody));
    await expect(logout.apiFetch('/api/admin/logout', { method: 'POST', on401: 'throw' })).rejects.toThrow('Token revoked');
    expect(logout.onSessionEnded).not.toHaveBeenCalled();
  });

  it('never ends the session on a successful answer', async () => {
    const { apiFetch, onSessionEnded } = setup(answer(200, '{"requiresReauth":true}'));
    await expect(apiFetch('/x')).resolves.toEqual({ requiresReauth: true });
    expect(onSessionEnded).not.toHaveBeenCalled();
  });
});
