import { Group } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FetchError } from '../../components/fetch-error.tsx';
import { PagedFooter } from '../../components/paged-footer.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { TablePanel } from '../../components/table-panel.tsx';
import { useAdminAbilities } from '../../lib/admin-role.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useSetUserStatus } from './use-set-user-status.ts';
import { UsersTable } from './users-table.tsx';

// Spec §9: the users page holds 10 rows.
const pageSize = 10;

export function UsersScreen() {
  const trpc = useTRPC();
  const abilities = useAdminAbilities();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const users = useQuery({
    ...trpc.admin.users.list.queryOptions({ page, limit: pageSize, ...(search ? { search } : {}) }),
    placeholderData: keepPreviousData,
  });
  const setStatus = useSetUserStatus();
  const rows = users.data?.users ?? [];

  return (
    <>
      <PageHeader title="User Management" subtitle="Search customer accounts and suspend or activate them" />
      <Group mb="md">
        <SearchBox
          placeholder="Search by email or name..."
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
      </Group>
      <FetchError error={users.error} message="Failed to fetch users" />
      <TablePanel
        loading={users.isPending}
        empty={rows.length === 0}
        emptyText="No users found"
        footer={
          users.data ? (
            <PagedFooter page={page} pageSize={pageSize} total={users.data.total} noun="users" onPageChange={setPage} />
          ) : null
        }
      >
        <UsersTable
          users={rows}
          canModerate={abilities.moderateUsers}
          pendingUserId={setStatus.pendingUserId}
          onSetStatus={(user, isActive) => setStatus.request(user, isActive)}
        />
      </TablePanel>
      {setStatus.confirmDialog}
    </>
  );
}
