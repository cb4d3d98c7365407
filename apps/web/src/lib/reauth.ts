import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys.ts';
import { navigateToServer, serverRoutes } from './server-routes.ts';

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

/**
 * A tRPC error for a 401 that asks for a new sign-in: the server's error formatter puts
 * `httpStatus` and `requiresReauth` in the error's `data` (spec §6, §7).
 */
export function isReauthTrpcError(error: unknown): boolean {
  const data = record(record(error)?.['data']);
  return data?.['httpStatus'] === 401 && data['requiresReauth'] === true;
}

/** What the REST helper and the tRPC caches do on such an answer: forget the user, start sign-in again. */
export function forceReauth(queryClient: QueryClient): void {
  queryClient.setQueryData(queryKeys.currentUser, null);
  navigateToServer(serverRoutes.signIn);
}
