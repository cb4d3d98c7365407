import { Group, Select, SimpleGrid } from '@mantine/core';
import {
  AUDIT_ACTION_GROUP_LABELS,
  AUDIT_OUTCOMES,
  AUDIT_SEVERITIES,
  AUDIT_SORT_COLUMNS,
  type AuditActionGroup,
  type AuditLog,
  type AuditOutcomeName,
  type AuditSeverityName,
} from '@reelsmith/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconActivity, IconAlertOctagon, IconLogin, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { FetchError } from '../../components/fetch-error.tsx';
import { PagedFooter } from '../../components/paged-footer.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { ServerExportButton } from '../../components/server-export-button.tsx';
import { StatCard } from '../../components/stat-card.tsx';
import { TablePanel } from '../../components/table-panel.tsx';
import { useAdminAbilities } from '../../lib/admin-role.ts';
import { formatCount } from '../../lib/format.ts';
import { sortInput } from '../../lib/list-params.ts';
import { useTRPC, useTRPCClient } from '../../lib/trpc.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { ActivityTable } from './activity-table.tsx';
import { activityRefreshMs, outcomeStyle } from './audit-action.ts';
import { AuditDetailDrawer } from './audit-detail-drawer.tsx';

// Spec §9: 20 entries a page.
const pageSize = 20;

const severityLabels: Record<AuditSeverityName, string> = { info: 'Info', warning: 'Warning', error: 'Error', critical: 'Critical' };
const actionOptions = [{ value: 'all', label: 'All Actions' }, ...Object.entries(AUDIT_ACTION_GROUP_LABELS).map(([value, label]) => ({ value, label }))];
const severityOptions = [{ value: 'all', label: 'All Severities' }, ...Object.entries(severityLabels).map(([value, label]) => ({ value, label }))];
const outcomeOptions = [{ value: 'all', label: 'All Outcomes' }, ...AUDIT_OUTCOMES.map((value) => ({ value, label: outcomeStyle[value].label }))];

const listSpec = {
  sortColumns: AUDIT_SORT_COLUMNS,
  filters: { action: Object.keys(AUDIT_ACTION_GROUP_LABELS), severity: AUDIT_SEVERITIES, outcome: AUDIT_OUTCOMES },
};

export function ActivityScreen() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const abilities = useAdminAbilities();
  const [params, update] = useListParams(listSpec);
  const [opened, setOpened] = useState<AuditLog | null>(null);
  const filters = {
    ...(params.search ? { search: params.search } : {}),
    ...(params.filters.action ? { action: params.filters.action as AuditActionGroup } : {}),
    ...(params.filters.severity ? { severity: params.filters.severity as AuditSeverityName } : {}),
    ...(params.filters.outcome ? { outcome: params.filters.outcome as AuditOutcomeName } : {}),
    ...sortInput(params),
  };
  const summary = useQuery({ ...trpc.admin.auditLogs.summary.queryOptions(), refetchInterval: activityRefreshMs });
  const logs = useQuery({
    ...trpc.admin.auditLogs.list.queryOptions({ page: params.page, limit: pageSize, ...filters }),
    refetchInterval: activityRefreshMs,
    placeholderData: keepPreviousData,
  });
  const rows = logs.data?.data ?? [];
  const card = (value: number | undefined) => (value === undefined ? '…' : formatCount(value));

  return (
    <>
      <PageHeader
        title="Activity Logs"
        subtitle="Audit trail of administrator actions"
        actions={<ServerExportButton of="activity" visible={abilities.manage} run={() => client.admin.exports.activity.mutate(filters)} />}
      />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" mb="xl">
        <StatCard label="Total Actions" value={card(summary.data?.totalLast24h)} hint="Last 24 hours" icon={IconActivity} />
        <StatCard label="Admin Logins" value={card(summary.data?.adminLoginsToday)} hint="Today" icon={IconLogin} />
        <StatCard label="User Actions" value={card(summary.data?.userActionsThisWeek)} hint="This week" icon={IconUsers} />
        <StatCard label="Critical Events" value={card(summary.data?.criticalEvents)} hint="Needs attention" icon={IconAlertOctagon} />
      </SimpleGrid>
      <Group mb="md" gap="sm" align="flex-start">
        <SearchBox
          key={params.search}
          initial={params.search}
          minWidth={420}
          placeholder="Search by email, name, action, or resource..."
          onSearch={(text) => update({ search: text })}
        />
        <Select
          aria-label="Action type"
          data={actionOptions}
          value={params.filters.action || 'all'}
          onChange={(value) => update({ filter: ['action', value ?? 'all'] })}
          allowDeselect={false}
          w={190}
        />
        <Select
          aria-label="Severity"
          data={severityOptions}
          value={params.filters.severity || 'all'}
          onChange={(value) => update({ filter: ['severity', value ?? 'all'] })}
          allowDeselect={false}
          w={170}
        />
        <Select
          aria-label="Outcome"
          data={outcomeOptions}
          value={params.filters.outcome || 'all'}
          onChange={(value) => update({ filter: ['outcome', value ?? 'all'] })}
          allowDeselect={false}
          w={170}
        />
      </Group>
      <FetchError error={logs.error} message="Failed to fetch audit logs" />
      <TablePanel
        loading={logs.isPending}
        empty={rows.length === 0}
        emptyText="No activity logs found"
        footer={logs.data ? <PagedFooter page={params.page} pageSize={pageSize} total={logs.data.total} noun="logs" onPageChange={(page) => update({ page })} /> : null}
      >
        <ActivityTable logs={rows} onOpen={setOpened} sorting={{ sort: params.sort, dir: params.dir, onSort: (column) => update({ sortBy: column }) }} />
      </TablePanel>
      <AuditDetailDrawer log={opened} onClose={() => setOpened(null)} />
    </>
  );
}
