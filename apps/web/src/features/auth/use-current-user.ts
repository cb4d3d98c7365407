import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-fetch.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import type { CurrentUserResponse } from './current-user.ts';

/**
 * The signed-in customer, or null when signed out. Signed in means this call returned data;
 * it is never retried, and a failed call (no server) counts as signed out.
 */
export function useCurrentUser() {
  return useQuery({
    queryKey: queryKeys.currentUser,
    queryFn: ({ signal }) => apiFetch<CurrentUserResponse>('/api/auth/user', { on401: 'return-null', signal }),
    retry: false,
  });
}

export type AuthState =
  | { status: 'pending' }
  | { status: 'signed-in'; user: CurrentUserResponse }
  | { status: 'signed-out' };

/** useCurrentUser reduced to the three states the screens branch on. */
export function useAuthState(): AuthState {
  const { data, isPending } = useCurrentUser();
  if (isPending) return { status: 'pending' };
  return data ? { status: 'signed-in', user: data } : { status: 'signed-out' };
}
