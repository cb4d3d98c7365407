import { Paper, Stack, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The framed, centred card every payment-result state is shown in. */
export function PaymentResultCard({
  icon,
  color,
  title,
  children,
  live = false,
}: {
  icon: ReactNode;
  color: string;
  title: string;
  children: ReactNode;
  /** Announce the card's changes (the in-progress state). */
  live?: boolean;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} shadow="sm">
      <Stack align="center" ta="center" gap="md" role={live ? 'status' : undefined} aria-live={live ? 'polite' : undefined}>
        <ThemeIcon size={64} radius="xl" variant="light" color={color}>
          {icon}
        </ThemeIcon>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
