import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminApiError, adminFetch, createAdminFetch, failureMessage, withQuery } from './admin-api.ts';

function answer(status: number, body: string, statusText = ''): Response {
  return new Response(status === 204 ? null : body, { status, statusText });
}

function setup(response: Response, token: string | null = 'tok-1') {
  const fetch = vi.fn((_input: string, _init: RequestInit) => Promise.resolve(response));
  const onSessionExpired = vi.fn();
  return { fetch, onSessionExpired, adminFetch: createAdminFetch({ fetch, getToken: () => token, onSessionExpired }) };
}

describe('createAdminFetch', () => {
  it('sends the bearer token and no content type without a body', async () => {
    const { fetch, adminFetch } = setup(answer(200, '[{"id":"u1"}]'));
    await expect(adminFetch('/api/admin/sessions')).resolves.toEqual([{ id: 'u1' }]);
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/api/admin/sessions');
    expect(init).toEqual({ method: 'GET', headers: { Authorization: 'Bearer tok-1' } });
  });

  it('sends a body as JSON with the JSON content type', async () => {
    const { fetch, adminFetch } = setup(answer(200, '{"ok":true}'));
    await adminFetch('/api/admin/users/u1/status', { method: 'PATCH', body: { isActive: false } });
    const init = fetch.mock.calls[0]![1];
    expect(init.headers).toEqual({ Authorization: 'Bearer tok-1', 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"isActive":false}');
  });

  it('sends no Authorization header without a token or for an anonymous call', async () => {
    const noToken = setup(answer(200, '{}'), null);
    await noToken.adminFetch('/api/admin/stats');
    expect(noToken.fetch.mock.calls[0]![1].headers).toEqual({});

    const anonymous = setup(answer(200, '{}'));
    await anonymous.adminFetch('/api/admin/login', { method: 'POST', body: { email: 'a', password: 'b' }, auth: 'none' });
    expect(anonymous.fetch.mock.calls[0]![1].headers).toEqual({ 'Content-Type': 'application/json' });
  });

  it('ends the session on a 401 and throws the server message', async () => {
    const { adminFetch, onSessionExpired } = setup(
      answer(401, '{"error":"Session expired - please login again","message":"Session expired - please login again"}'),
    );
    const error = await adminFetch('/api/admin/users').catch((e: unknown) => e);
    expect(onSessionExpired).toHaveBeenCalledOnce();
    expect(error).toBeInstanceOf(AdminApiError);
    expect((error as AdminApiError).status).toBe(401);
  });

  it('keeps a 401 an ordinary error for the login and when asked to', async () => {
    const login = setup(answer(401, '{"error":"Invalid email or password","message":"Invalid email or password"}'));
    await expect(login.adminFetch('/api/admin/login', { method: 'POST', auth: 'none' })).rejects.toThrow('Invalid email or password');
    expect(login.onSessionExpired).not.toHaveBeenCalled();

    const logout = setup(answer(401, '{"message":"Session expired"}'));
    await expect(logout.adminFetch('/api/admin/logout', { method: 'POST', on401: 'throw' })).rejects.toThrow('Session expired');
    expect(logout.onSessionExpired).not.toHaveBeenCalled();
  });

  it.each([
    ['message first', '{"error":"E","message":"M"}', 'M'],
    ['then error', '{"error":"E"}', 'E'],
    ['then the raw text', 'Upstream unavailable', 'Upstream unavailable'],
    ['not an HTML page', '<html><body>502</body></html>', 'Bad Gateway'],
  ])('takes the error message from the body: %s', async (_case, body, message) => {
    await expect(setup(answer(502, body, 'Bad Gateway')).adminFetch('/x')).rejects.toThrow(message);
  });

  it('resolves an empty answer to null', async () => {
    await expect(setup(answer(204, '')).adminFetch('/api/admin/admins/a1', { method: 'DELETE' })).resolves.toBeNull();
  });
});

describe('withQuery', () => {
  it('leaves out empty values and encodes the rest', () => {
    expect(withQuery('/api/admin/users', { page: 2, limit: 10, search: 'a b&c', status: undefined, period: '' })).toBe(
      '/api/admin/users?page=2&limit=10&search=a+b%26c',
    );
    expect(withQuery('/api/admin/email/logs', { startDate: new Date('2026-01-02T00:00:00.000Z') })).toBe(
      '/api/admin/email/logs?startDate=2026-01-02T00%3A00%3A00.000Z',
    );
    expect(withQuery('/x', { status: null })).toBe('/x');
    expect(withQuery('/x?a=1', { b: true })).toBe('/x?a=1&b=true');
  });
});

describe('failureMessage', () => {
  it('shows the server message, else the fallback', () => {
    expect(failureMessage(new AdminApiError(409, 'Already exists', null), 'Failed to add admin user')).toBe('Already exists');
    expect(failureMessage(new TypeError('Failed to fetch'), 'Failed to add admin user')).toBe('Failed to add admin user');
  });
});

describe('adminFetch (wired to the app)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('clears the stored session, remembers the toast and returns to /admin on a 401', async () => {
    const local = new Map([
      ['adminToken', 'stale'],
      ['adminUser', '{"id":"a1","email":"root@example.com"}'],
    ]);
    const session = new Map<string, string>();
    const storage = (entries: Map<string, string>) => ({
      getItem: (key: string) => entries.get(key) ?? null,
      setItem: (key: string, value: string) => void entries.set(key, value),
      removeItem: (key: string) => void entries.delete(key),
    });
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { assign }, localStorage: storage(local), sessionStorage: storage(session) });
    const fetch = vi.fn((_input: string, _init: RequestInit) => Promise.resolve(answer(401, '{"message":"Unauthorized"}')));
    vi.stubGlobal('fetch', fetch);

    await expect(adminFetch('/api/admin/stats')).rejects.toBeInstanceOf(AdminApiError);
    await expect(adminFetch('/api/admin/users')).rejects.toBeInstanceOf(AdminApiError);

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
