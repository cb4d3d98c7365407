import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  /** A short line under the value ('All time', '+3 new', ...). */
  hint?: ReactNode;
  icon?: Icon;
}

/** One KPI tile of the back-office screens: label, a large value, an optional hint and icon. */
export function StatCard({ label, value, hint, icon: IconComponent }: StatCardProps) {
  return (
    <Paper withBorder radius="lg" p="lg" aria-label={label} role="group">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} miw={0}>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fz={28} fw={800} lh={1.2} data-testid="stat-value">
            {value}
          </Text>
          {hint !== undefined && hint !== null ? (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          ) : null}
        </Stack>
        {IconComponent ? (
          <ThemeIcon size={40} radius="md" variant="light" aria-hidden="true">
            <IconComponent size={22} stroke={1.7} />
          </ThemeIcon>
        ) : null}
      </Group>
    </Paper>
  );
}
