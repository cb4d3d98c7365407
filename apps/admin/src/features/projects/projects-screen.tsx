import { Group, Select, SimpleGrid } from '@mantine/core';
import type { AdminProjectStatus } from '@reelsmith/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconCalendarPlus, IconCircleCheck, IconMovie } from '@tabler/icons-react';
import { useState } from 'react';
import { FetchError } from '../../components/fetch-error.tsx';
import { PagedFooter } from '../../components/paged-footer.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { StatCard } from '../../components/stat-card.tsx';
import { TablePanel } from '../../components/table-panel.tsx';
import { formatCount } from '../../lib/format.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { completedHint, isProjectStatusFilter, projectStatusOptions, todayHint } from './project-list-rules.ts';
import { ProjectsTable } from './projects-table.tsx';

// Spec §9: 10 projects a page.
const pageSize = 10;

export function ProjectsScreen() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<AdminProjectStatus | 'all'>('all');
  const stats = useQuery(trpc.admin.projects.stats.queryOptions());
  const projects = useQuery({
    ...trpc.admin.projects.list.queryOptions({
      page,
      limit: pageSize,
      ...(search ? { search } : {}),
      ...(status !== 'all' ? { status } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const rows = projects.data?.projects ?? [];

  return (
    <>
      <PageHeader title="Project Analytics" subtitle="Browse and filter every project on the platform" />
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
        <SearchBox
          placeholder="Search by title or user email..."
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
        <Select
          aria-label="Status"
          data={projectStatusOptions.map((option) => ({ ...option }))}
          value={status}
          onChange={(value) => {
            if (isProjectStatusFilter(value)) {
              setStatus(value);
              setPage(1);
            }
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
        footer={projects.data ? <PagedFooter page={page} pageSize={pageSize} total={projects.data.total} noun="projects" onPageChange={setPage} /> : null}
      >
        <ProjectsTable projects={rows} />
      </TablePanel>
    </>
  );
}
