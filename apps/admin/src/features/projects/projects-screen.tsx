import { Group, Select, SimpleGrid } from '@mantine/core';
import { ADMIN_PROJECT_SORT_COLUMNS, ADMIN_PROJECT_STATUSES, type AdminProjectStatus } from '@reelsmith/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconCalendarPlus, IconCircleCheck, IconMovie } from '@tabler/icons-react';
import { FetchError } from '../../components/fetch-error.tsx';
import { PagedFooter } from '../../components/paged-footer.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { StatCard } from '../../components/stat-card.tsx';
import { TablePanel } from '../../components/table-panel.tsx';
import { formatCount } from '../../lib/format.ts';
import { ServerExportButton } from '../../components/server-export-button.tsx';
import { useAdminAbilities } from '../../lib/admin-role.ts';
import { sortInput } from '../../lib/list-params.ts';
import { useTRPC, useTRPCClient } from '../../lib/trpc.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { completedHint, isProjectStatusFilter, projectStatusOptions, todayHint } from './project-list-rules.ts';
import { ProjectsTable } from './projects-table.tsx';

// Spec §9: 10 projects a page.
const pageSize = 10;
const listSpec = { sortColumns: ADMIN_PROJECT_SORT_COLUMNS, filters: { status: ADMIN_PROJECT_STATUSES } };

export function ProjectsScreen() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const abilities = useAdminAbilities();
  const [params, update] = useListParams(listSpec);
  const { page, search } = params;
  const status = (params.filters.status || 'all') as AdminProjectStatus | 'all';
  const filters = { ...(search ? { search } : {}), ...(status !== 'all' ? { status } : {}), ...sortInput(params) };
  const stats = useQuery(trpc.admin.projects.stats.queryOptions());
  const projects = useQuery({
    ...trpc.admin.projects.list.queryOptions({ page, limit: pageSize, ...filters }),
    placeholderData: keepPreviousData,
  });
  const rows = projects.data?.projects ?? [];

  return (
    <>
      <PageHeader
        title="Project Analytics"
        subtitle="Browse and filter every project on the platform"
        actions={<ServerExportButton of="projects" visible={abilities.manage} run={() => client.admin.exports.projects.mutate(filters)} />}
      />
      <FetchError error={stats.error} message="Failed to fetch project stats" />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mb="xl">
        <StatCard label="Total Projects" value={stats.data ? formatCount(stats.data.totalProjects) : '…'} hint="All time" icon={IconMovie} />
        <StatCard
          label="Today's Projects"
          value={stats.data ? formatCount(stats.data.todayProjects) : '…'}
          hint={stats.data ? todayHint(stats.data.todayProjects) : undefined}
          icon={IconCalendarPlus}
        />
        <StatCard
          label="Completed"
          value={stats.data ? formatCount(stats.data.completedProjects) : '…'}
          hint={stats.data ? completedHint(stats.data) : undefined}
          icon={IconCircleCheck}
        />
      </SimpleGrid>
      <Group mb="md" gap="sm" align="flex-start">
        <SearchBox key={search} initial={search} placeholder="Search by title or user email..." onSearch={(text) => update({ search: text })} />
        <Select
          aria-label="Status"
          data={projectStatusOptions.map((option) => ({ ...option }))}
          value={status}
          onChange={(value) => {
            if (isProjectStatusFilter(value)) update({ filter: ['status', value] });
          }}
          allowDeselect={false}
          w={180}
        />
      </Group>
      <FetchError error={projects.error} message="Failed to fetch projects" />
      <TablePanel
        loading={projects.isPending}
        empty={rows.length === 0}
        emptyText="No projects found"
        footer={projects.data ? <PagedFooter page={page} pageSize={pageSize} total={projects.data.total} noun="projects" onPageChange={(p) => update({ page: p })} /> : null}
      >
        <ProjectsTable projects={rows} sorting={{ sort: params.sort, dir: params.dir, onSort: (column) => update({ sortBy: column }) }} />
      </TablePanel>
    </>
  );
}
