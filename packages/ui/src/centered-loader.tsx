import { Center, Loader, Stack, Text } from '@mantine/core';

/**
 * A page-height loading state, announced politely to screen readers. It is as tall as the viewport,
 * so what follows the page (the footer) stays below the fold until the page replaces it: nothing the
 * visitor sees moves when the page arrives (a 60vh loader let the footer show, then jump: CLS 0.32).
 */
export function CenteredLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden="true" />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
