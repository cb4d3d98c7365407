import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import type { AdminProject, AdminProjectSortColumn } from '@reelsmith/shared';
import { IconLock, IconWorld } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SortableTh } from '../../components/sortable-th.tsx';
import type { SortDirection } from '../../lib/list-params.ts';
import { formatMoney, formatRelative, formatShortDate } from '../../lib/format.ts';
import { adminProjectStatusLabels, projectIndustry, projectTitle } from './project-list-rules.ts';

/** Spec §2 Project Analytics: Project, User, Status, Created, Visibility; plus what the AI providers charged (docs/decisions.md). */
export function ProjectsTable({
  projects,
  sorting,
}: {
  projects: readonly AdminProject[];
  sorting: { sort: AdminProjectSortColumn | null; dir: SortDirection; onSort: (column: AdminProjectSortColumn) => void };
}) {
  return (
    <Table.ScrollContainer minWidth={840}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortableTh column="title" {...sorting}>
              Project
            </SortableTh>
            <SortableTh column="user" {...sorting}>
              User
            </SortableTh>
            <SortableTh column="status" {...sorting}>
              Status
            </SortableTh>
            <SortableTh column="created" {...sorting}>
              Created
            </SortableTh>
            <SortableTh column="visibility" {...sorting}>
              Visibility
            </SortableTh>
            <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
              AI Cost
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {projects.map((project) => {
            const status = adminProjectStatusLabels[project.status];
            return (
              <Table.Tr key={project.id} data-testid="project-row">
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {projectTitle(project.title)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {projectIndustry(project.settings.industry)}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Anchor component={Link} to={`/users/${project.user.id}`} size="sm" data-testid="project-customer">
                      {project.user.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {project.user.email}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td style={{ minWidth: 120 }}>
                  <Badge variant="light" color={status.color}>
                    {status.label}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm">{formatShortDate(project.createdAt)}</Text>
                    <Text size="xs" c="dimmed">
                      {formatRelative(project.createdAt)}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td style={{ minWidth: 130 }}>
                  {project.shareSettings.isPublic ? (
                    <Badge variant="light" color="teal" leftSection={<IconWorld size={12} aria-hidden="true" />}>
                      Public
                    </Badge>
                  ) : (
                    <Badge variant="light" color="gray" leftSection={<IconLock size={12} aria-hidden="true" />}>
                      Private
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" c={project.aiCostUsd > 0 ? undefined : 'dimmed'}>
                    {formatMoney(project.aiCostUsd)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
