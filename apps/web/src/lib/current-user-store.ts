import type { CurrentUserResponse } from '../features/auth/current-user.ts';

/** Who is signed in, as the screens branch on it. */
export type AuthState = { status: 'pending' } | { status: 'signed-in'; user: CurrentUserResponse } | { status: 'signed-out' };

// The signed-in customer, kept outside the query cache: the header, the home route and the sign-in
// guard read it on every page, the landing page included, which loads no query library.
let state: AuthState = { status: 'pending' };
const listeners = new Set<() => void>();

export const currentUserStore = {
  get(): AuthState {
    return state;
  },
  set(next: AuthState): void {
    state = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};
