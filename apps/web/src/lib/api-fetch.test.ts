import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from './query-client.ts';
import { queryKeys } from './query-keys.ts';
import { ApiError, apiFetch, createApiFetch, queryKeyToPath, sessionExpiredMessage } from './api-fetch.ts';

function answer(status: number, body: string, statusText = ''): Response {
  return new Response(status === 204 ? null : body, { status, statusText });
}

function setup(response: Response) {
  const fetch = vi.fn((_input: string, _init: RequestInit) => Promise.resolve(response));
  const onReauthRequired = vi.fn();
  return { fetch, onReauthRequired, apiFetch: createApiFetch({ fetch, onReauthRequired }) };
}

describe('createApiFetch', () => {
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

  it('keeps an answer that is not JSON as raw text, and an empty answer as null', async () => {
    await expect(setup(answer(200, 'plain words')).apiFetch('/x')).resolves.toBe('plain words');
    await expect(setup(answer(204, '')).apiFetch('/x')).resolves.toBeNull();
  });

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

  it('falls back to the status text when the body is empty', async () => {
    await expect(setup(answer(500, '', 'Internal Server Error')).apiFetch('/x')).rejects.toThrow('Internal Server Error');
  });

  it('resolves a 401 to null when asked to, without forcing re-login', async () => {
    const { apiFetch, onReauthRequired } = setup(
      answer(401, '{"error":"Unauthorized","message":"Not signed in","requiresReauth":true}'),
    );
    await expect(apiFetch('/api/auth/user', { on401: 'returnNull' })).resolves.toBeNull();
    expect(onReauthRequired).not.toHaveBeenCalled();
  });

  it('forces re-login on a 401 with requiresReauth and throws its reason', async () => {
    const { apiFetch, onReauthRequired } = setup(
      answer(401, '{"error":"Unauthorized","reason":"Token revoked","message":"Not signed in","requiresReauth":true}'),
    );
    await expect(apiFetch('/api/projects')).rejects.toThrow('Token revoked');
    expect(onReauthRequired).toHaveBeenCalledOnce();
  });

  it('uses the message, then a fixed text, when a re-auth answer has no reason', async () => {
    await expect(setup(answer(401, '{"message":"Login needed","requiresReauth":true}')).apiFetch('/x')).rejects.toThrow(
      'Login needed',
    );
    await expect(setup(answer(401, '{"requiresReauth":true}')).apiFetch('/x')).rejects.toThrow(sessionExpiredMessage);
  });

  it('treats a 401 without requiresReauth as an ordinary error', async () => {
    const { apiFetch, onReauthRequired } = setup(answer(401, '{"error":"Unauthorized"}'));
    await expect(apiFetch('/x')).rejects.toThrow('Unauthorized');
    expect(onReauthRequired).not.toHaveBeenCalled();
  });
});

describe('apiFetch (wired to the app)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('clears the cached current user and navigates to /auth/google on a re-auth answer', async () => {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { assign } });
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(answer(401, '{"requiresReauth":true}'))));
    queryClient.setQueryData(queryKeys.currentUser, { id: 'u1' });

    await expect(apiFetch('/api/projects')).rejects.toThrow(sessionExpiredMessage);
    expect(queryClient.getQueryData(queryKeys.currentUser)).toBeNull();
    expect(assign).toHaveBeenCalledWith('/auth/google');
  });
});

describe('queryKeyToPath', () => {
  it('joins key segments with a slash', () => {
    expect(queryKeyToPath(['/api/auth/user'])).toBe('/api/auth/user');
    expect(queryKeyToPath(['/api/projects', 'abc'])).toBe('/api/projects/abc');
    expect(queryKeyToPath(['/api/plans', 7])).toBe('/api/plans/7');
  });
});
