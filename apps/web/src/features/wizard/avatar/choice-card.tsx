import { Paper, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';

/** A selectable card (aspect ratio, model): a toggle button with a highlighted border when chosen. */
export function ChoiceCard({ selected, disabled, label, onClick, children }: { selected: boolean; disabled?: boolean; label: string; onClick: () => void; children: ReactNode }) {
  return (
    <UnstyledButton aria-pressed={selected} aria-label={label} disabled={disabled} onClick={onClick} style={{ display: 'block', height: '100%' }}>
      <Paper
        withBorder
        radius="md"
        p="sm"
        h="100%"
        bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
        style={{ borderColor: selected ? 'var(--mantine-primary-color-filled)' : undefined, borderWidth: selected ? 2 : 1 }}
      >
        {children}
      </Paper>
    </UnstyledButton>
  );
}
