import { Center, Loader, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The bordered panel around a screen's table, with its loading and empty states. */
export function TablePanel({
  loading,
  empty,
  emptyText,
  children,
  footer,
}: {
  loading: boolean;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
      {loading ? (
        <Center py="xl" role="status" aria-label="Loading">
          <Loader size="sm" />
        </Center>
      ) : empty ? (
        <Text c="dimmed" ta="center" py="xl">
          {emptyText}
        </Text>
      ) : (
        children
      )}
      {footer}
    </Paper>
  );
}
