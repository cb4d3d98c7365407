import { Button, Group, Select, SimpleGrid } from '@mantine/core';
import type { AdminSubscription } from '@reelsmith/shared';
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
import { useTRPC } from '../../lib/trpc.ts';
import { AdjustmentDialog } from './adjustment-dialog.tsx';
import { RefundDialog, type RefundTarget } from './refund-dialog.tsx';
import { SubscriptionDetailsDialog } from './subscription-details-dialog.tsx';
import { planOptionLabel, statusFilterOptions } from './subscription-labels.ts';
import { SubscriptionsTable } from './subscriptions-table.tsx';

// Spec §9: 20 subscriptions a page.
const pageSize = 20;
type StatusFilter = 'active' | 'trialing' | 'past_due' | 'canceled';

export function SubscriptionsScreen() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const abilities = useAdminAbilities();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const [planId, setPlanId] = useState('all');
  const [details, setDetails] = useState<AdminSubscription | null>(null);
  const [adjusting, setAdjusting] = useState<AdminSubscription | null>(null);
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);

  const overview = useQuery(trpc.admin.subscriptions.overview.queryOptions());
  const list = useQuery({
    ...trpc.admin.subscriptions.list.queryOptions({
      page,
      pageSize,
      ...(search ? { search } : {}),
      ...(status !== 'all' ? { status: status as StatusFilter } : {}),
      ...(planId !== 'all' ? { planId } : {}),
    }),
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
          <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden="true" />} onClick={() => void refresh()} loading={list.isFetching && !list.isPending}>
            Refresh
          </Button>
        }
      />
      <FetchError error={overview.error} message="Failed to fetch overview" />
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="xl">
        <StatCard label="Total Revenue" value={overview.data ? formatMoney(overview.data.totalRevenue) : '…'} hint="All-time subscription revenue" icon={IconCash} />
        <StatCard label="Active Subscriptions" value={overview.data ? formatCount(overview.data.activeSubscriptions) : '…'} hint="Currently active plans" icon={IconCreditCard} />
        <StatCard label="Total Subscriptions" value={overview.data ? formatCount(overview.data.totalSubscriptions) : '…'} hint="All time" icon={IconChartBar} />
      </SimpleGrid>

      <Group mb="md" align="flex-end" wrap="wrap">
        <SearchBox
          placeholder="Search by email or name..."
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
        <Select
          aria-label="Status"
          data={statusFilterOptions}
          value={status}
          allowDeselect={false}
          w={160}
          onChange={(v) => {
            setStatus(v ?? 'all');
            setPage(1);
          }}
        />
        <Select
          aria-label="Plan"
          data={[{ value: 'all', label: 'All Plans' }, ...plans.map((p) => ({ value: p.planId, label: planOptionLabel(p) }))]}
          value={planId}
          allowDeselect={false}
          w={200}
          onChange={(v) => {
            setPlanId(v ?? 'all');
            setPage(1);
          }}
        />
      </Group>

      <FetchError error={list.error} message="Failed to fetch subscriptions" />
      <TablePanel
        loading={list.isPending}
        empty={rows.length === 0}
        emptyText="No subscriptions found"
        footer={
          list.data ? (
            <PagedFooter page={page} pageSize={pageSize} total={list.data.total} noun="subscriptions" onPageChange={setPage} hideWhenSinglePage />
          ) : null
        }
      >
        <SubscriptionsTable subscriptions={rows} canManage={abilities.manage} onDetails={setDetails} onAdjust={setAdjusting} />
      </TablePanel>

      <SubscriptionDetailsDialog subscription={details} canManage={abilities.manage} onClose={() => setDetails(null)} onRefund={setRefunding} />
      <AdjustmentDialog subscription={adjusting} plans={plans} onClose={() => setAdjusting(null)} />
      <RefundDialog target={refunding} onClose={() => setRefunding(null)} />
    </>
  );
}
