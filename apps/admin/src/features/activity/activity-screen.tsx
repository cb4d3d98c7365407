import { Group, Select, SimpleGrid } from '@mantine/core';
import type { AuditActionGroup, AuditSeverityName } from '@reelsmith/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconActivity, IconAlertOctagon, IconLogin, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { FetchError } from '../../components/fetch-error.tsx';
import { PagedFooter } from '../../components/paged-footer.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { StatCard } from '../../components/stat-card.tsx';
import { TablePanel } from '../../components/table-panel.tsx';
import { formatCount } from '../../lib/format.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { ActivityTable } from './activity-table.tsx';
import { activityRefreshMs } from './audit-action.ts';

// Spec §9: 20 entries a page.
const pageSize = 20;

// Typed against the server's names (a Record must list each one) without bundling the shared schemas.
const actionGroupLabels: Record<AuditActionGroup, string> = {
  auth: 'Login/Logout',
  user_management: 'User Management',
  subscriptions: 'Subscriptions',
  projects: 'Projects',
  settings: 'Settings',
  database: 'Database',
};
const severityLabels: Record<AuditSeverityName, string> = { info: 'Info', warning: 'Warning', error: 'Error', critical: 'Critical' };

const actionOptions = [{ value: 'all', label: 'All Actions' }, ...Object.entries(actionGroupLabels).map(([value, label]) => ({ value, label }))];
const severityOptions = [{ value: 'all', label: 'All Severities' }, ...Object.entries(severityLabels).map(([value, label]) => ({ value, label }))];

type ActionFilter = AuditActionGroup | 'all';
type SeverityFilter = AuditSeverityName | 'all';

export function ActivityScreen() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [action, setAction] = useState<ActionFilter>('all');
  const [severity, setSeverity] = useState<SeverityFilter>('all');
  const summary = useQuery({ ...trpc.admin.auditLogs.summary.queryOptions(), refetchInterval: activityRefreshMs });
  const logs = useQuery({
    ...trpc.admin.auditLogs.list.queryOptions({
      page,
      limit: pageSize,
      ...(search ? { search } : {}),
      ...(action !== 'all' ? { action } : {}),
      ...(severity !== 'all' ? { severity } : {}),
    }),
    refetchInterval: activityRefreshMs,
    placeholderData: keepPreviousData,
  });
  const rows = logs.data?.data ?? [];
  const card = (value: number | undefined) => (value === undefined ? '…' : formatCount(value));

  return (
    <>
      <PageHeader title="Activity Logs" subtitle="Audit trail of administrator actions" />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" mb="xl">
        <StatCard label="Total Actions" value={card(summary.data?.totalLast24h)} hint="Last 24 hours" icon={IconActivity} />
        <StatCard label="Admin Logins" value={card(summary.data?.adminLoginsToday)} hint="Today" icon={IconLogin} />
        <StatCard label="User Actions" value={card(summary.data?.userActionsThisWeek)} hint="This week" icon={IconUsers} />
        <StatCard label="Critical Events" value={card(summary.data?.criticalEvents)} hint="Needs attention" icon={IconAlertOctagon} />
      </SimpleGrid>
      <Group mb="md" gap="sm" align="flex-start">
        <SearchBox
          placeholder="Search by email, name, action, or resource..."
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
        <Select
          aria-label="Action type"
          data={actionOptions}
          value={action}
          onChange={(value) => {
            setAction((value ?? 'all') as ActionFilter);
            setPage(1);
          }}
          allowDeselect={false}
          w={190}
        />
        <Select
          aria-label="Severity"
          data={severityOptions}
          value={severity}
          onChange={(value) => {
            setSeverity((value ?? 'all') as SeverityFilter);
            setPage(1);
          }}
          allowDeselect={false}
          w={170}
        />
      </Group>
      <FetchError error={logs.error} message="Failed to fetch audit logs" />
      <TablePanel
        loading={logs.isPending}
        empty={rows.length === 0}
        emptyText="No activity logs found"
        footer={logs.data ? <PagedFooter page={page} pageSize={pageSize} total={logs.data.total} noun="logs" onPageChange={setPage} /> : null}
      >
        <ActivityTable logs={rows} />
      </TablePanel>
    </>
  );
}
