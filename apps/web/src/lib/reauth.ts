import { currentUserStore } from './current-user-store.ts';
import { navigateToServer, serverRoutes } from './server-routes.ts';

/** Where a session-ending answer sends the customer: forget the signed-in user, start sign-in again. */
export function forceReauth(): void {
  currentUserStore.set({ status: 'signed-out' });
  navigateToServer(serverRoutes.signIn);
}
