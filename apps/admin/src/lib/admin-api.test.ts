import { ApiError, createApiFetch } from '@reelsmith/ui/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminFetch, readAdminFailedAnswer } from './admin-api.ts';

// The wrapper's own rules are tested in @reelsmith/ui (api/api-fetch.test.ts); these are the back office's.
function answer(status: number, body: string, statusText = ''): Response {
  return new Response(status === 204 ? null : body, { status, statusText });
}

function setup(response: Response) {
  const onSessionEnded = vi.fn();
  const fetch = (_input: string, _init: RequestInit) => Promise.resolve(response);
  return { onSessionEnded, adminFetch: createApiFetch({ fetch, readFailedAnswer: readAdminFailedAnswer, onSessionEnded }) };
}

describe('readAdminFailedAnswer', () => {
  it.each([
    ['message first', '{"error":"E","message":"M"}', 'M'],
    ['then error', '{"error":"E"}', 'E'],
    ['then the raw text', 'Upstream unavailable', 'Upstream unavailable'],
    ['not an HTML page', '<html><body>502</body></html>', 'Bad Gateway'],
  ])('takes the error message from the body: %s', (_case, body, message) => {
    expect(readAdminFailedAnswer(502, 'Bad Gateway', body)).toEqual({ message, requiresReauth: false });
  });

  it('cuts a long raw text to 300 characters and names the status when nothing else is known', () => {
    expect(readAdminFailedAnswer(500, '', 'x'.repeat(400)).message).toBe('x'.repeat(300));
    expect(readAdminFailedAnswer(500, '', '').message).toBe('Request failed with status 500');
  });

  it('ends the session on any 401, with or without requiresReauth', () => {
    expect(readAdminFailedAnswer(401, 'Unauthorized', '{"message":"Unauthorized"}')).toEqual({ message: 'Unauthorized', requiresReauth: true });
    expect(readAdminFailedAnswer(403, 'Forbidden', '{"message":"Forbidden"}').requiresReauth).toBe(false);
  });
});

describe('the back office rules in the wrapper', () => {
  it('ends the session on a 401 of a signed-in call and throws the server message', async () => {
    const { adminFetch, onSessionEnded } = setup(answer(401, '{"error":"Session expired - please login again","message":"Session expired - please login again"}'));
    const error = await adminFetch('/api/admin/users').catch((e: unknown) => e);
    expect(onSessionEnded).toHaveBeenCalledOnce();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
  });

  it('keeps a 401 an ordinary error for the login and the logout', async () => {
    const login = setup(answer(401, '{"error":"Invalid email or password","message":"Invalid email or password"}'));
    await expect(login.adminFetch('/api/admin/login', { method: 'POST', auth: 'none' })).rejects.toThrow('Invalid email or password');
    expect(login.onSessionEnded).not.toHaveBeenCalled();

    const logout = setup(answer(401, '{"message":"Session expired"}'));
    await expect(logout.adminFetch('/api/admin/logout', { method: 'POST', on401: 'throw' })).rejects.toThrow('Session expired');
    expect(logout.onSessionEnded).not.toHaveBeenCalled();
  });
});

describe('adminFetch (wired to the app)', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubBrowser(local: Map<string, string>, session: Map<string, string>) {
    const storage = (entries: Map<string, string>) => ({
      getItem: (key: string) => entries.get(key) ?? null,
      setItem: (key: string, value: string) => void entries.set(key, value),
      removeItem: (key: string) => void entries.delete(key),
    });
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { assign }, localStorage: storage(local), sessionStorage: storage(session) });
    return assign;
  }

  it('sends the stored token as a bearer token, and none for the login', async () => {
    stubBrowser(new Map([['adminToken', 'tok-1']]), new Map());
    const fetch = vi.fn((_input: string, _init: RequestInit) => Promise.resolve(answer(200, '{}')));
    vi.stubGlobal('fetch', fetch);

    await adminFetch('/api/admin/stats');
    await adminFetch('/api/admin/login', { method: 'POST', body: { email: 'a', password: 'b' }, auth: 'none' });
    expect(fetch.mock.calls[0]![1].headers).toEqual({ Authorization: 'Bearer tok-1' });
    expect(fetch.mock.calls[1]![1].headers).toEqual({ 'Content-Type': 'application/json' });
  });

  it('clears the stored session, remembers the toast and returns to /admin on a 401', async () => {
    const local = new Map([
      ['adminToken', 'stale'],
      ['adminUser', '{"id":"a1","email":"root@example.com"}'],
    ]);
    const session = new Map<string, string>();
    const assign = stubBrowser(local, session);
    const fetch = vi.fn((_input: string, _init: RequestInit) => Promise.resolve(answer(401, '{"message":"Unauthorized"}')));
    vi.stubGlobal('fetch', fetch);

    await expect(adminFetch('/api/admin/stats')).rejects.toBeInstanceOf(ApiError);
    await expect(adminFetch('/api/admin/users')).rejects.toBeInstanceOf(ApiError);

    expect(fetch.mock.calls[0]![1].headers).toEqual({ Authorization: 'Bearer stale' });
    expect(local.size).toBe(0);
    expect(JSON.parse(session.get('adminFlashNotice')!)).toEqual({
      title: 'Session expired',
      message: 'Session expired - please login again',
    });
    expect(assign).toHaveBeenCalledOnce();
    expect(assign).toHaveBeenCalledWith('/admin/');
  });
});
