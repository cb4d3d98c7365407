import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys.ts';
import { navigateToServer, serverRoutes } from './server-routes.ts';

/** Where a session-ending answer sends the customer: forget the cached user, start sign-in again. */
export function forceReauth(queryClient: QueryClient): void {
  queryClient.setQueryData(queryKeys.currentUser, null);
  navigateToServer(serverRoutes.signIn);
}
