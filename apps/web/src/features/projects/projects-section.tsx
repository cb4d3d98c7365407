import { Alert, Badge, Button, Group, ScrollArea, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import type { Project } from '@reelsmith/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useCurrentSubscription } from '../billing/use-current-subscription.ts';
import { CreateProjectCard } from './create-project-card.tsx';
import { DeleteProjectDialog } from './delete-project-dialog.tsx';
import { canDeleteProjects } from './project-card-rules.ts';
import { ProjectCard } from './project-card.tsx';
import { ProjectsEmptyState } from './projects-empty-state.tsx';
import { RenameProjectDialog } from './rename-project-dialog.tsx';
import { useDeleteProject } from './use-delete-project.ts';
import { useProjectList } from './use-project-list.ts';
import { useRenameProject } from './use-rename-project.ts';
import { copyProjectId, useShareProject } from './use-share-project.ts';

const skeletonCount = 3;
const gridCols = { base: 1, sm: 2, lg: 3 };

/** 'My Projects' with its total: skeletons while loading, the empty state, or the cards in a scroll area. */
export function ProjectsSection() {
  const projects = useProjectList();
  const subscription = useCurrentSubscription();
  const canDelete = canDeleteProjects(subscription.data);
  const sharing = useShareProject();
  // The target outlives the dialog's closing animation, so its text does not blank out.
  const [toDelete, setToDelete] = useState<Project | null>(null);
  const [confirming, setConfirming] = useState(false);
  const deletion = useDeleteProject({ onDeleted: () => setConfirming(false) });
  const askToDelete = (project: Project) => {
    setToDelete(project);
    setConfirming(true);
  };
  const [toRename, setToRename] = useState<Project | null>(null);
  const renaming = useRenameProject({ onRenamed: () => setToRename(null) });
  const count = projects.data?.length;

  return (
    <Stack component="section" aria-labelledby="my-projects-heading" gap="md">
      <Group gap="sm">
        <Title order={2} id="my-projects-heading">
          My Projects
        </Title>
        {count !== undefined ? (
          <Badge size="lg" variant="light" aria-label={`${count} ${count === 1 ? 'project' : 'projects'}`}>
            {count}
          </Badge>
        ) : null}
      </Group>

      {projects.isPending ? (
        <SimpleGrid cols={gridCols} spacing="lg" aria-busy="true" aria-label="Loading projects">
          {Array.from({ length: skeletonCount }, (_, index) => (
            <Skeleton key={index} h={260} radius="lg" />
          ))}
        </SimpleGrid>
      ) : projects.isError ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="Projects could not be loaded">
          <Stack gap="sm" align="flex-start">
            {projects.error.message}
            <Button size="xs" variant="light" color="red" onClick={() => void projects.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : projects.data.length === 0 ? (
        <ProjectsEmptyState />
      ) : (
        <ScrollArea.Autosize mah={600} type="auto" offsetScrollbars aria-label="Project list">
          {/* The padding keeps card shadows and focus rings inside the scroll area's clip. */}
          <SimpleGrid cols={gridCols} spacing="lg" p={4}>
            <CreateProjectCard />
            {projects.data.map((project) => (
              <ProjectCard
                key={project.id}
                project={project}
                canDelete={canDelete}
                sharing={sharing.pendingId === project.id}
                onShare={(target) => sharing.share(target.id)}
                onCopyId={(target) => void copyProjectId(target.id)}
                onRename={setToRename}
                onDelete={askToDelete}
              />
            ))}
          </SimpleGrid>
        </ScrollArea.Autosize>
      )}

      <RenameProjectDialog
        opened={toRename !== null}
        currentTitle={toRename?.title ?? ''}
        saving={renaming.isPending}
        onCancel={() => setToRename(null)}
        onSave={(title) => toRename && renaming.mutate({ id: toRename.id, title })}
      />
      <DeleteProjectDialog
        opened={confirming}
        projectTitle={toDelete?.title ?? ''}
        deleting={deletion.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => toDelete && deletion.mutate({ id: toDelete.id })}
      />
    </Stack>
  );
}
