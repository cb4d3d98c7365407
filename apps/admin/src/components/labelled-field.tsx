import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A small uppercase label over its value, as the details dialogs show each field. */
export function LabelledField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}
