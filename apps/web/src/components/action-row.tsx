import { Flex, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A row of buttons that becomes a full-width stack on phones. Dialogs list [Cancel, Confirm] and
 * stack in reverse so the main action is on top; pages list the main action first.
 */
export function ActionRow({
  children,
  justify = 'flex-end',
  stack = 'column-reverse',
  gap = 'sm',
}: {
  children: ReactNode;
  justify?: 'flex-end' | 'center' | 'flex-start';
  stack?: 'column' | 'column-reverse';
  gap?: MantineSpacing;
}) {
  return (
    <Flex direction={{ base: stack, xs: 'row' }} justify={justify} gap={gap} w="100%" wrap="wrap">
      {children}
    </Flex>
  );
}
