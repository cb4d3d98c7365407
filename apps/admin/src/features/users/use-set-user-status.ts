import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyFailure, notifySuccess } from '../../lib/notify.ts';
import { useTRPC } from '../../lib/trpc.ts';

/** admin.users.setStatus with the spec §8 toasts; the user lists and details are refetched after it. */
export function useSetUserStatus() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.admin.users.setStatus.mutationOptions({
      onSuccess: async () => {
        notifySuccess('User status updated', "The user's status has been successfully changed.");
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.admin.users.list.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.admin.sessions.list.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.admin.auditLogs.list.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.admin.auditLogs.summary.queryKey() }),
        ]);
      },
      onError: (error) => notifyFailure('Update failed', error, 'Failed to update user status'),
    }),
  );
}
