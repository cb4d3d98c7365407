import { Flex } from '@mantine/core';
import type { ReactNode } from 'react';

/** Back on the left, Next on the right; on phones a full-width stack with Next on top. */
export function StepNav({ children }: { children: ReactNode }) {
  return (
    <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="space-between" gap="sm" w="100%">
      {children}
    </Flex>
  );
}
