import { Button, Group, Select, SimpleGrid } from '@mantine/core';
import { ADMIN_SUBSCRIPTION_SORT_COLUMNS, isUuid, type AdminSubscription } from '@reelsmith/shared';
import { IconCash, IconChartBar, IconCreditCard, IconRefresh } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FetchError } from '../../components/fetch-error.tsx';
import { PagedFooter } from '../../components/paged-footer.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { StatCard } from '../../components/stat-card.tsx';
import { TablePanel } from '../../components/table-panel.tsx';
import { useAdminAbilities } from '../../lib/admin-role.ts';
import { formatCount, formatMoney } from '../../lib/format.ts';
import { ServerExportButton } from '../../components/server-export-button.tsx';
import { sortInput } from '../../lib/list-params.ts';
import { useTRPC, useTRPCClient } from '../../lib/trpc.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { AdjustmentDialog } from './adjustment-dialog.tsx';
import { RefundDialog, type RefundTarget } from './refund-dialog.tsx';
import { SubscriptionDetailsDialog } from './subscription-details-dialog.tsx';
import { planOptionLabel, statusFilterOptions } from './subscription-labels.ts';
import { SubscriptionsTable } from './subscriptions-table.tsx';

// Spec §9: 20 subscriptions a page.
const pageSize = 20;
type StatusFilter = 'active' | 'trialing' | 'past_due' | 'canceled';
const listSpec = {
  sortColumns: ADMIN_SUBSCRIPTION_SORT_COLUMNS,
  filters: { status: statusFilterOptions.map((o) => o.value).filter((v) => v !== 'all'), plan: isUuid },
};

export function SubscriptionsScreen() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const abilities = useAdminAbilities();
  const client = useTRPCClient();
  const [params, update] = useListParams(listSpec);
  const { page, search } = params;
  const status = params.filters.status || 'all';
  const planId = params.filters.plan || 'all';
  const [details, setDetails] = useState<AdminSubscription | null>(null);
  const [adjusting, setAdjusting] = useState<AdminSubscription | null>(null);
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);

  const overview = useQuery(trpc.admin.subscriptions.overview.queryOptions());
  const filters = {
    ...(search ? { search } : {}),
    ...(status !== 'all' ? { status: status as StatusFilter } : {}),
    ...(planId !== 'all' ? { planId } : {}),
    ...sortInput(params),
  };
  const list = useQuery({
    ...trpc.admin.subscriptions.list.queryOptions({ page, pageSize, ...filters }),
    placeholderData: keepPreviousData,
  });
  const plans = overview.data?.plans ?? [];
  const rows = list.data?.data ?? [];

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.subscriptions.overview.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.admin.subscriptions.list.queryKey() }),
    ]);

  return (
    <>
      <PageHeader
        title="Subscriptions"
        subtitle="Manage user subscriptions, process refunds, and make adjustments"
        actions={
          <Group gap="sm">
            <ServerExportButton of="subscriptions" visible={abilities.manage} run={() => client.admin.exports.subscriptions.mutate(filters)} />
            <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden="true" />} onClick={() => void refresh()} loading={list.isFetching && !list.isPending}>
              Refresh
            </Button>
          </Group>
        }
      />
      <FetchError error={overview.error} message="Failed to fetch overview" />
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="xl">
        <StatCard label="Total Revenue" value={overview.data ? formatMoney(overview.data.totalRevenue) : '…'} hint="All-time subscription revenue" icon={IconCash} />
        <StatCard label="Active Subscriptions" value={overview.data ? formatCount(overview.data.activeSubscriptions) : '…'} hint="Currently active plans" icon={IconCreditCard} />
        <StatCard label="Total Subscriptions" value={overview.data ? formatCount(overview.data.totalSubscriptions) : '…'} hint="All time" icon={IconChartBar} />
      </SimpleGrid>

      <Group mb="md" align="flex-end" wrap="wrap">
        <SearchBox key={search} initial={search} placeholder="Search by email or name..." onSearch={(text) => update({ search: text })} />
        <Select
          aria-label="Status"
          data={statusFilterOptions}
          value={status}
          allowDeselect={false}
          w={160}
          onChange={(v) => update({ filter: ['status', v ?? 'all'] })}
        />
        <Select
          aria-label="Plan"
          data={[{ value: 'all', label: 'All Plans' }, ...plans.map((p) => ({ value: p.planId, label: planOptionLabel(p) }))]}
          value={planId}
          allowDeselect={false}
          w={200}
          onChange={(v) => update({ filter: ['plan', v ?? 'all'] })}
        />
      </Group>

      <FetchError error={list.error} message="Failed to fetch subscriptions" />
      <TablePanel
        loading={list.isPending}
        empty={rows.length === 0}
        emptyText="No subscriptions found"
        footer={
          list.data ? (
            <PagedFooter page={page} pageSize={pageSize} total={list.data.total} noun="subscriptions" onPageChange={(p) => update({ page: p })} hideWhenSinglePage />
          ) : null
        }
      >
        <SubscriptionsTable
          subscriptions={rows}
          canManage={abilities.manage}
          onDetails={setDetails}
          onAdjust={setAdjusting}
          sorting={{ sort: params.sort, dir: params.dir, onSort: (column) => update({ sortBy: column }) }}
        />
      </TablePanel>

      <SubscriptionDetailsDialog subscription={details} canManage={abilities.manage} onClose={() => setDetails(null)} onRefund={setRefunding} />
      <AdjustmentDialog subscription={adjusting} plans={plans} onClose={() => setAdjusting(null)} />
      <RefundDialog target={refunding} onClose={() => setRefunding(null)} />
    </>
  );
}
