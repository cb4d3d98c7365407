import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { pageRange, showingText } from '../lib/paging.ts';

export interface PagedFooterProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  /** Plural noun of the rows: 'users', 'logs', ... */
  noun: string;
  onPageChange: (page: number) => void;
  /** Hide the whole footer when everything fits on one page (subscriptions, templates, e-mail logs). */
  hideWhenSinglePage?: boolean;
}

/** 'Showing X to Y of N <noun>' with Previous and Next (spec §2). */
export function PagedFooter({ page, pageSize, total, noun, onPageChange, hideWhenSinglePage = false }: PagedFooterProps) {
  const { totalPages } = pageRange(page, pageSize, total);
  if (hideWhenSinglePage && totalPages <= 1) return null;
  return (
    <Group justify="space-between" gap="sm" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {showingText(page, pageSize, total, noun)}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconChevronLeft size={14} aria-hidden="true" />}
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          Previous
        </Button>
        <Button
          variant="default"
          size="xs"
          rightSection={<IconChevronRight size={14} aria-hidden="true" />}
          disabled={page >= totalPages}
          onClick={() => onPageChange(page + 1)}
        >
          Next
        </Button>
      </Group>
    </Group>
  );
}
