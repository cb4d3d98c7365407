import { notifications } from '@mantine/notifications';
import { toUserMessage } from '@reelsmith/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorFacts } from '../../lib/trpc-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';

/** projects.update with a new title: the list and the project read again, a toast either way. */
export function useRenameProject(options: { onRenamed?: () => void } = {}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { onRenamed } = options;
  return useMutation(
    trpc.projects.update.mutationOptions({
      onSuccess: async (project) => {
        onRenamed?.();
        queryClient.setQueryData(trpc.projects.get.queryKey({ id: project.id }), project);
        notifications.show({ color: 'teal', title: 'Project renamed', message: `It is now “${project.title}”.` });
        await queryClient.invalidateQueries({ queryKey: trpc.projects.list.queryKey() });
      },
      onError: (error) => {
        notifications.show({ color: 'red', title: 'Could not rename the project', message: toUserMessage(errorFacts(error)) });
      },
    }),
  );
}
