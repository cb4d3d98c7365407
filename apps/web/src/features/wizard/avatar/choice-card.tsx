import { Paper, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A selectable card (aspect ratio, model): a toggle button with a highlighted border when chosen, named
 * by the text it shows (WCAG 2.5.3), so `children` starts with the card's name.
 */
export function ChoiceCard({ selected, disabled, onClick, children }: { selected: boolean; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <UnstyledButton aria-pressed={selected} disabled={disabled} onClick={onClick} style={{ display: 'block', height: '100%' }}>
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
