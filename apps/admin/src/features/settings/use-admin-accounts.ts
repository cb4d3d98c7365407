import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { isNetworkFailure } from './admin-form-rules.ts';

/** admin.admins.create with the spec §8 toasts; the admin list is refetched after it. */
export function useCreateAdmin(onDone: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.admin.admins.create.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Admin added', 'New admin user has been created successfully.');
        onDone();
        await queryClient.invalidateQueries({ queryKey: trpc.admin.admins.list.queryKey() });
      },
      onError: (error) => {
        if (isNetworkFailure(error)) notifyError('Error', 'Failed to add admin user');
        else notifyError('Failed to add admin', error.message || 'Unknown error');
      },
    }),
  );
}

/** admin.admins.delete: 'Admin deleted' on success; a network failure says so; a refusal shows nothing (spec §8). */
export function useDeleteAdmin(onDone: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.admin.admins.delete.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Admin deleted', 'Admin user has been removed.');
        await queryClient.invalidateQueries({ queryKey: trpc.admin.admins.list.queryKey() });
      },
      onError: (error) => {
        if (isNetworkFailure(error)) notifyError('Error', 'Failed to delete admin user');
      },
      onSettled: onDone,
    }),
  );
}
