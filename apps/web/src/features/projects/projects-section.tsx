import { Badge, Group, Stack, Title } from '@mantine/core';
import type { ProjectSummary } from './project-summary.ts';
import { ProjectsEmptyState } from './projects-empty-state.tsx';

/** 'My Projects' with its total; the empty state until the customer has a project. */
export function ProjectsSection({ projects, isLoading }: { projects: readonly ProjectSummary[]; isLoading: boolean }) {
  return (
    <Stack component="section" aria-labelledby="my-projects-heading" gap="md">
      <Group gap="sm">
        <Title order={2} id="my-projects-heading">
          My Projects
        </Title>
        <Badge size="lg" variant="light" aria-label={`${projects.length} projects`}>
          {projects.length}
        </Badge>
      </Group>
      {!isLoading && projects.length === 0 ? <ProjectsEmptyState /> : null}
    </Stack>
  );
}
