import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTRPC } from '../../lib/trpc.ts';

/**
 * Counts this visit once (sharing.view; the server counts a viewer once per half hour) and returns
 * the count it answers. The ref keeps StrictMode's second effect run from calling again.
 */
export function useRecordShareView(shortId: string): number | undefined {
  const trpc = useTRPC();
  const { mutate, data } = useMutation(trpc.sharing.view.mutationOptions());
  const recordedFor = useRef<string | null>(null);
  useEffect(() => {
    if (recordedFor.current === shortId) return;
    recordedFor.current = shortId;
    mutate({ shortId });
  }, [shortId, mutate]);
  return data?.views;
}
