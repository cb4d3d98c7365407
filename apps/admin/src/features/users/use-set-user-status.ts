import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createElement, useState } from 'react';
import { notifyFailure, notifySuccess } from '../../lib/notify.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { SuspendConfirmDialog, type SuspendTarget } from './suspend-confirm-dialog.tsx';

/**
 * admin.users.setStatus with the spec §8 toasts; the user lists and details are refetched after it.
 * Activating happens at once; suspending (which ends all the customer's sessions) first asks in
 * `confirmDialog`, which the screen renders.
 */
export function useSetUserStatus() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<SuspendTarget | null>(null);
  const mutation = useMutation(
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

  const request = (user: SuspendTarget, isActive: boolean) => {
    if (isActive) mutation.mutate({ userId: user.id, isActive: true });
    else setConfirming(user);
  };

  const confirmDialog = createElement(SuspendConfirmDialog, {
    target: confirming,
    busy: mutation.isPending,
    onCancel: () => setConfirming(null),
    onConfirm: () => {
      if (!confirming) return;
      mutation.mutate({ userId: confirming.id, isActive: false }, { onSettled: () => setConfirming(null) });
    },
  });

  return {
    request,
    confirmDialog,
    isPending: mutation.isPending,
    /** The customer whose change is on its way, for the row's spinner. */
    pendingUserId: mutation.isPending ? (mutation.variables?.userId ?? null) : null,
  };
}
