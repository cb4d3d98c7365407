import { Group, Table, UnstyledButton, type TableThProps } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { SortDirection } from '../lib/list-params.ts';

export interface SortableThProps<Sort extends string> extends Omit<TableThProps, 'onClick'> {
  column: Sort;
  sort: Sort | null;
  dir: SortDirection;
  onSort: (column: Sort) => void;
  children: ReactNode;
}

/** A column header that sorts the list on the server; aria-sort tells which column and which way. */
export function SortableTh<Sort extends string>({ column, sort, dir, onSort, children, ...th }: SortableThProps<Sort>) {
  const active = sort === column;
  const Icon = active ? (dir === 'asc' ? IconArrowUp : IconArrowDown) : IconArrowsSort;
  return (
    <Table.Th aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'} {...th}>
      <UnstyledButton onClick={() => onSort(column)} data-testid={`sort-${column}`} style={{ font: 'inherit', fontWeight: 'inherit' }}>
        <Group gap={4} wrap="nowrap">
          <span>{children}</span>
          <Icon size={14} aria-hidden="true" style={{ opacity: active ? 1 : 0.45, flexShrink: 0 }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
