import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '../../lib/trpc.ts';

/** The customer's projects, most recently changed first. */
export function useProjectList() {
  const trpc = useTRPC();
  return useQuery(trpc.projects.list.queryOptions());
}

/** Refetches the project list (and forgets cached single projects) after a change elsewhere. */
export function useRefreshProjects(): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: trpc.projects.pathKey() }), [queryClient, trpc]);
}
