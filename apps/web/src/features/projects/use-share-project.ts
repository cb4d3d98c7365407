import { notifications } from '@mantine/notifications';
import { shareLinkError, toastText } from '@reelsmith/shared';
import { useMutation } from '@tanstack/react-query';
import { copyText } from '../../lib/clipboard.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { shareUrl } from './project-card-rules.ts';
import { useRefreshProjects } from './use-project-list.ts';

/**
 * The card's share button: makes (or reuses) the project's public link and copies
 * {origin}/s/{shortId} to the clipboard.
 */
export function useShareProject() {
  const trpc = useTRPC();
  const refreshProjects = useRefreshProjects();
  const mutation = useMutation(
    trpc.sharing.create.mutationOptions({
      onSuccess: async ({ shortId }) => {
        const url = shareUrl(window.location.origin, shortId);
        try {
          await copyText(url);
          notifications.show({ color: 'teal', title: toastText.shareLinkCopied, message: url });
        } catch {
          // The link exists; the browser only refused the clipboard, so show it to copy by hand.
          notifications.show({ color: 'orange', title: 'Share link ready', message: url, autoClose: false });
        }
        void refreshProjects();
      },
      onError: () => notifications.show({ color: 'red', title: shareLinkError.title, message: shareLinkError.description }),
    }),
  );
  return {
    share: (projectId: string) => mutation.mutate({ id: projectId }),
    pendingId: mutation.isPending ? mutation.variables.id : null,
  };
}

/** The card's copy-ID button for started projects. */
export async function copyProjectId(projectId: string): Promise<void> {
  try {
    await copyText(projectId);
    notifications.show({ color: 'teal', title: toastText.projectIdCopied, message: projectId });
  } catch {
    notifications.show({ color: 'orange', title: 'Project ID', message: projectId, autoClose: false });
  }
}
