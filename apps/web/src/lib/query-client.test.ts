import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client.ts';
import { currentUserStore } from './current-user-store.ts';

const signedIn = { id: 'u1', email: 'u1@example.com', firstName: 'U', lastName: null, profileImageUrl: null, createdAt: '2026-01-01T00:00:00.000Z', dailyVideoCount: 0 } as const;

/** The shape of a TRPCClientError as the server's error formatter fills it. */
function trpcError(httpStatus: number, requiresReauth?: boolean): Error & { data: Record<string, unknown> } {
  return Object.assign(new Error('Session expired - please login again'), { data: { code: 'UNAUTHORIZED', httpStatus, requiresReauth } });
}

describe('the query client on a re-auth tRPC error', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    currentUserStore.set({ status: 'pending' });
  });

  it('forgets the signed-in user and navigates to /auth/google, from a query or a mutation', async () => {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { assign } });
    const client = createQueryClient();
    currentUserStore.set({ status: 'signed-in', user: signedIn });

    await client.fetchQuery({ queryKey: ['projects.list'], queryFn: () => Promise.reject(trpcError(401, true)) }).catch(() => undefined);
    expect(currentUserStore.get()).toEqual({ status: 'signed-out' });
    expect(assign).toHaveBeenCalledWith('/auth/google');

    currentUserStore.set({ status: 'signed-in', user: signedIn });
    const mutation = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(trpcError(401, true)) });
    await mutation.execute(undefined).catch(() => undefined);
    expect(currentUserStore.get()).toEqual({ status: 'signed-out' });
    expect(assign).toHaveBeenCalledTimes(2);
  });

  it('leaves other errors to the caller', async () => {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { assign } });
    const client = createQueryClient();
    currentUserStore.set({ status: 'signed-in', user: signedIn });
    await client.fetchQuery({ queryKey: ['projects.get'], queryFn: () => Promise.reject(trpcError(404)) }).catch(() => undefined);
    expect(currentUserStore.get()).toEqual({ status: 'signed-in', user: signedIn });
    expect(assign).not.toHaveBeenCalled();
  });
});
