import { describe, expect, it, vi } from 'vitest';
import { createAppQueryClient } from './query-client.ts';

describe('createAppQueryClient', () => {
  it('never retries, never refetches on its own and keeps data fresh', () => {
    const defaults = createAppQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({ retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });

  it('hands every failed query and mutation to onError', async () => {
    const onError = vi.fn();
    const client = createAppQueryClient({ onError });
    const queryFailure = new Error('query failed');
    const mutationFailure = new Error('mutation failed');

    await client.fetchQuery({ queryKey: ['a'], queryFn: () => Promise.reject(queryFailure) }).catch(() => undefined);
    const mutation = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(mutationFailure) });
    await mutation.execute(undefined).catch(() => undefined);

    expect(onError.mock.calls.map(([error]: unknown[]) => error)).toEqual([queryFailure, mutationFailure]);
  });
});
