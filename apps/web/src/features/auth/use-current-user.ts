import { useSyncExternalStore } from 'react';
import { apiFetch } from '../../lib/api-fetch.ts';
import { currentUserStore, type AuthState } from '../../lib/current-user-store.ts';
import type { CurrentUserResponse } from './current-user.ts';

export type { AuthState } from '../../lib/current-user-store.ts';

let asked: Promise<void> | undefined;

/**
 * Asks the server who is signed in, once per page load (spec §9: nothing is refetched unless on
 * purpose). Signed in means the call returned a user; it is never retried, and a failed call (no
 * server) counts as signed out. A session-ending answer anywhere later sets it to signed out.
 */
function askOnce(): void {
  asked ??= apiFetch<CurrentUserResponse>('/api/auth/user', { on401: 'return-null' }).then(
    (user) => {
      if (currentUserStore.get().status === 'pending') currentUserStore.set(user ? { status: 'signed-in', user } : { status: 'signed-out' });
    },
    () => {
      if (currentUserStore.get().status === 'pending') currentUserStore.set({ status: 'signed-out' });
    },
  );
}

function subscribe(listener: () => void): () => void {
  askOnce();
  return currentUserStore.subscribe(listener);
}

/** The three states the screens branch on. */
export function useAuthState(): AuthState {
  return useSyncExternalStore(subscribe, currentUserStore.get, currentUserStore.get);
}

/** The signed-in customer, or null when signed out (undefined while the first answer is awaited). */
export function useCurrentUser(): { data: CurrentUserResponse | null | undefined; isPending: boolean } {
  const auth = useAuthState();
  if (auth.status === 'pending') return { data: undefined, isPending: true };
  return { data: auth.status === 'signed-in' ? auth.user : null, isPending: false };
}
