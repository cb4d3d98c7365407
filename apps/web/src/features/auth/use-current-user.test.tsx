import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const user = { id: 'u1', email: 'pat@example.com', firstName: 'Pat', lastName: null, profileImageUrl: null, createdAt: '2026-01-01T00:00:00.000Z', dailyVideoCount: 0 };

/** A fresh copy of the hook and its store: each test starts from a page that has asked nothing yet. */
async function load() {
  vi.resetModules();
  const hooks = await import('./use-current-user.ts');
  const { currentUserStore } = await import('../../lib/current-user-store.ts');
  const { forceReauth } = await import('../../lib/reauth.ts');
  return { ...hooks, currentUserStore, forceReauth };
}

describe('who is signed in (useAuthState)', () => {
  let fetch: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks the server once for every screen that wants to know, then shows the user', async () => {
    fetch.mockResolvedValue(new Response(JSON.stringify(user), { headers: { 'content-type': 'application/json' } }));
    const { useAuthState, useCurrentUser } = await load();
    const header = renderHook(() => useAuthState());
    const home = renderHook(() => useAuthState());
    const profile = renderHook(() => useCurrentUser());
    expect(header.result.current).toEqual({ status: 'pending' });
    expect(profile.result.current).toEqual({ data: undefined, isPending: true });
    await waitFor(() => expect(header.result.current).toEqual({ status: 'signed-in', user }));
    expect(home.result.current).toEqual({ status: 'signed-in', user });
    expect(profile.result.current).toEqual({ data: user, isPending: false });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('/api/auth/user');
  });

  it('is signed out on a 401, and when the server cannot be reached', async () => {
    fetch.mockResolvedValue(new Response(JSON.stringify({ message: 'Unauthorized', requiresReauth: true }), { status: 401, headers: { 'content-type': 'application/json' } }));
    const first = await load();
    const visitor = renderHook(() => first.useAuthState());
    await waitFor(() => expect(visitor.result.current).toEqual({ status: 'signed-out' }));

    fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    const second = await load();
    const offline = renderHook(() => second.useAuthState());
    await waitFor(() => expect(offline.result.current).toEqual({ status: 'signed-out' }));
  });

  it('a session ended elsewhere (a re-auth answer) signs the screens out, even before the first answer', async () => {
    const assign = vi.fn();
    vi.stubGlobal('window', Object.create(window, { location: { value: { assign } } }) as Window);
    let answer!: (response: Response) => void;
    fetch.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const { useAuthState, forceReauth } = await load();
    const screen = renderHook(() => useAuthState());
    act(() => forceReauth());
    expect(screen.result.current).toEqual({ status: 'signed-out' });
    expect(assign).toHaveBeenCalledWith('/auth/google');
    // The late answer does not sign the screen back in.
    await act(async () => answer(new Response(JSON.stringify(user), { headers: { 'content-type': 'application/json' } })));
    expect(screen.result.current).toEqual({ status: 'signed-out' });
  });
});
