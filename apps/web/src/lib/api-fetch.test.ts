import { sessionExpiredMessage } from '@reelsmith/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from './api-fetch.ts';
import { currentUserStore } from './current-user-store.ts';

const signedIn = { id: 'u1', email: 'u1@example.com', firstName: 'U', lastName: null, profileImageUrl: null, createdAt: '2026-01-01T00:00:00.000Z', dailyVideoCount: 0 } as const;

// The wrapper's own rules are tested in @reelsmith/ui (api/api-fetch.test.ts); this is the app's wiring.
describe('apiFetch (wired to the app)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    currentUserStore.set({ status: 'pending' });
  });

  it('sends cookies and no bearer token', async () => {
    const fetch = vi.fn((_input: string, _init: RequestInit) => Promise.resolve(new Response('{"id":"u1"}')));
    vi.stubGlobal('fetch', fetch);
    await expect(apiFetch('/api/auth/user')).resolves.toEqual({ id: 'u1' });
    expect(fetch.mock.calls[0]![1]).toEqual({ method: 'GET', credentials: 'include' });
  });

  it('forgets the signed-in user and navigates to /auth/google on a re-auth answer', async () => {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { assign } });
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{"requiresReauth":true}', { status: 401 }))));
    currentUserStore.set({ status: 'signed-in', user: signedIn });

    await expect(apiFetch('/api/projects')).rejects.toThrow(sessionExpiredMessage);
    expect(currentUserStore.get()).toEqual({ status: 'signed-out' });
    expect(assign).toHaveBeenCalledWith('/auth/google');
  });

  it('asks who is signed in without signing in again', async () => {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { assign } });
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{"requiresReauth":true}', { status: 401 }))));
    await expect(apiFetch('/api/auth/user', { on401: 'return-null' })).resolves.toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });
});
