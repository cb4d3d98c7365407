import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { usePageTitle } from '../../lib/use-page-title.ts';

export const maintenanceTitle = "We'll be right back";

/** Shown instead of every customer page while the back-office has maintenance mode on. */
export function MaintenancePage({ message }: { message: string | null }) {
  usePageTitle('Maintenance');
  return (
    <Center mih="60vh" px="md" py={64}>
      <Stack align="center" gap="md" maw={560} ta="center" role="status">
        <ThemeIcon size={72} radius="xl" variant="light" color="orange" aria-hidden>
          <IconTool size={40} />
        </ThemeIcon>
        <Title order={1}>{maintenanceTitle}</Title>
        <Text c="gray.7" fz="lg">
          {message ?? 'Reelsmith is down for maintenance. Please try again later.'}
        </Text>
        <Text c="gray.6" fz="sm">
          Your projects are safe, and shared video links keep working.
        </Text>
      </Stack>
    </Center>
  );
}
