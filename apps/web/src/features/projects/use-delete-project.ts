import { notifications } from '@mantine/notifications';
import { deleteProjectError, toastText } from '@reelsmith/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorFacts } from '../../lib/trpc-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { redirectToLoginSoon } from '../auth/login-redirect.ts';

/**
 * projects.delete with the spec's outcomes: the 'Project deleted' toast and a fresh list, or the
 * server's message (an unauthorized answer also sends the browser to sign in again).
 */
export function useDeleteProject(options: { onDeleted?: (id: string) => void } = {}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { onDeleted } = options;
  return useMutation(
    trpc.projects.delete.mutationOptions({
      onSuccess: async ({ id }) => {
        onDeleted?.(id);
        // Forget the project itself first, so nothing refetches it into a 'not found'.
        queryClient.removeQueries({ queryKey: trpc.projects.get.queryKey({ id }) });
        notifications.show({ color: 'teal', title: toastText.projectDeleted, message: 'The project and its media were removed.' });
        await queryClient.invalidateQueries({ queryKey: trpc.projects.list.queryKey() });
      },
      onError: (error) => {
        const failure = deleteProjectError(errorFacts(error));
        notifications.show({ color: 'red', title: failure.title, message: failure.description });
        if (failure.requiresLogin) redirectToLoginSoon();
      },
    }),
  );
}
