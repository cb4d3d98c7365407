import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { downloadLockedError } from '@reelsmith/shared';

/** §8 'Upgrade Required' for a plan without downloads, with its View Plans action. */
export function showDownloadLockedToast(planName: string | null | undefined, navigate: (path: string) => unknown): void {
  const locked = downloadLockedError(planName);
  notifications.show({
    color: 'orange',
    title: locked.title,
    message: (
      <Stack gap={6} align="flex-start">
        <Text size="sm">{locked.description}</Text>
        <Button size="compact-xs" variant="light" onClick={() => void navigate(locked.actionHref)}>
          {locked.action}
        </Button>
      </Stack>
    ),
  });
}
