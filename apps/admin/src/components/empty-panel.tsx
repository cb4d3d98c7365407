import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/** A bordered panel for a screen or section that has nothing to show yet. */
export function EmptyPanel({ icon: IconComponent, message = 'No data yet.' }: { icon: Icon; message?: string }) {
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" gap="sm" py="xl">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
          <IconComponent size={24} stroke={1.6} />
        </ThemeIcon>
        <Text c="dimmed">{message}</Text>
      </Stack>
    </Paper>
  );
}
