import { Group } from '@mantine/core';
import { ADMIN_USER_SORT_COLUMNS } from '@reelsmith/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FetchError } from '../../components/fetch-error.tsx';
import { PagedFooter } from '../../components/paged-footer.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { ServerExportButton } from '../../components/server-export-button.tsx';
import { TablePanel } from '../../components/table-panel.tsx';
import { useAdminAbilities } from '../../lib/admin-role.ts';
import { sortInput } from '../../lib/list-params.ts';
import { useTRPC, useTRPCClient } from '../../lib/trpc.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { useSetUserStatus } from './use-set-user-status.ts';
import { UsersTable } from './users-table.tsx';

// Spec §9: the users page holds 10 rows.
const pageSize = 10;
const listSpec = { sortColumns: ADMIN_USER_SORT_COLUMNS };

export function UsersScreen() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const abilities = useAdminAbilities();
  const [params, update] = useListParams(listSpec);
  const filters = { ...(params.search ? { search: params.search } : {}), ...sortInput(params) };
  const users = useQuery({
    ...trpc.admin.users.list.queryOptions({ page: params.page, limit: pageSize, ...filters }),
    placeholderData: keepPreviousData,
  });
  const setStatus = useSetUserStatus();
  const rows = users.data?.users ?? [];

  return (
    <>
      <PageHeader
        title="User Management"
        subtitle="Search customer accounts and suspend or activate them"
        actions={<ServerExportButton of="users" visible={abilities.manage} run={() => client.admin.exports.users.mutate(filters)} />}
      />
      <Group mb="md">
        <SearchBox key={params.search} initial={params.search} placeholder="Search by email or name..." onSearch={(text) => update({ search: text })} />
      </Group>
      <FetchError error={users.error} message="Failed to fetch users" />
      <TablePanel
        loading={users.isPending}
        empty={rows.length === 0}
        emptyText="No users found"
        footer={
          users.data ? (
            <PagedFooter page={params.page} pageSize={pageSize} total={users.data.total} noun="users" onPageChange={(page) => update({ page })} />
          ) : null
        }
      >
        <UsersTable
          users={rows}
          canModerate={abilities.moderateUsers}
          pendingUserId={setStatus.pendingUserId}
          onSetStatus={(user, isActive) => setStatus.request(user, isActive)}
          sorting={{ sort: params.sort, dir: params.dir, onSort: (column) => update({ sortBy: column }) }}
        />
      </TablePanel>
      {setStatus.confirmDialog}
    </>
  );
}
