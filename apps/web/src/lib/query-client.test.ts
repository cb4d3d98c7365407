import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client.ts';
import { queryKeys } from './query-keys.ts';

/** The shape of a TRPCClientError as the server's error formatter fills it. */
function trpcError(httpStatus: number, requiresReauth?: boolean): Error & { data: Record<string, unknown> } {
  return Object.assign(new Error('Session expired - please login again'), { data: { code: 'UNAUTHORIZED', httpStatus, requiresReauth } });
}

describe('the query client on a re-auth tRPC error', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('clears the cached user and navigates to /auth/google, from a query or a mutation', async () => {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { assign } });
    const client = createQueryClient();
    client.setQueryData(queryKeys.currentUser, { id: 'u1' });

    await client.fetchQuery({ queryKey: ['projects.list'], queryFn: () => Promise.reject(trpcError(401, true)) }).catch(() => undefined);
    expect(client.getQueryData(queryKeys.currentUser)).toBeNull();
    expect(assign).toHaveBeenCalledWith('/auth/google');

    client.setQueryData(queryKeys.currentUser, { id: 'u1' });
    const mutation = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(trpcError(401, true)) });
    await mutation.execute(undefined).catch(() => undefined);
    expect(client.getQueryData(queryKeys.currentUser)).toBeNull();
    expect(assign).toHaveBeenCalledTimes(2);
  });

  it('leaves other errors to the caller', async () => {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { assign } });
    const client = createQueryClient();
    client.setQueryData(queryKeys.currentUser, { id: 'u1' });
    await client.fetchQuery({ queryKey: ['projects.get'], queryFn: () => Promise.reject(trpcError(404)) }).catch(() => undefined);
    expect(client.getQueryData(queryKeys.currentUser)).toEqual({ id: 'u1' });
    expect(assign).not.toHaveBeenCalled();
  });
});
