import { ActionIcon, Badge, Box, Button, Card, Group, Stack, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import type { Project } from '@reelsmith/shared';
import { IconArrowRight, IconCalendar, IconCopy, IconLayoutBoard, IconMovie, IconPencil, IconShare, IconTrash } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { cardActions, projectCardView, statusColor } from './project-card-rules.ts';
import classes from './project-card.module.css';
import { facePosition, projectPreviewFaceY, projectPreviewImage } from './project-preview.ts';

export interface ProjectCardProps {
  project: Project;
  canDelete: boolean;
  sharing: boolean;
  onShare: (project: Project) => void;
  onCopyId: (project: Project) => void;
  onRename: (project: Project) => void;
  onDelete: (project: Project) => void;
}

/** One project on the dashboard (spec §2 'Project card'); the whole card opens the wizard. */
export function ProjectCard({ project, canDelete, sharing, onShare, onCopyId, onRename, onDelete }: ProjectCardProps) {
  const titleId = useId();
  const view = projectCardView(project);
  const actions = cardActions(project, canDelete);
  const preview = projectPreviewImage(project.assets);

  return (
    <Card component="article" aria-labelledby={titleId} withBorder radius="lg" padding="lg" className={classes.card}>
      <Card.Section className={classes.preview}>
        {preview ? (
          <img src={preview} alt="" className={classes.previewImage} style={{ objectPosition: facePosition(projectPreviewFaceY(project.assets, preview)) }} loading="lazy" />
        ) : (
          <IconMovie size={40} stroke={1.5} aria-hidden />
        )}
      </Card.Section>

      <Stack gap="sm" mt="md" style={{ flex: 1 }}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Badge color={statusColor(view.status)} variant="light" radius="sm" tt="none">
            {view.status}
          </Badge>
          <Group gap={4} wrap="nowrap" className={classes.raised}>
            {actions.share ? (
              <Tooltip label="Copy share link">
                <ActionIcon variant="subtle" color="reel" size="lg" aria-label="Share project" loading={sharing} onClick={() => onShare(project)}>
                  <IconShare size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
            {actions.copyId ? (
              <Tooltip label="Copy project ID">
                <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Copy project ID" onClick={() => onCopyId(project)}>
                  <IconCopy size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
            <Tooltip label="Rename project">
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Rename project: ${view.title}`} onClick={() => onRename(project)}>
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            {actions.delete ? (
              <Tooltip label="Delete project">
                <ActionIcon variant="subtle" color="red" size="lg" aria-label="Delete project" onClick={() => onDelete(project)}>
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
        </Group>

        <Title order={3} fz="lg" lh={1.3} id={titleId} className={classes.title} lineClamp={2}>
          <Link to={view.href} className={classes.titleLink}>
            {view.title}
          </Link>
        </Title>

        <Group gap="md" c="gray.7" fz="sm">
          <Meta icon={<IconLayoutBoard size={16} aria-hidden />}>{view.aspectLabel}</Meta>
          <Meta icon={<IconMovie size={16} aria-hidden />}>{view.scenesLabel}</Meta>
          <Meta icon={<IconCalendar size={16} aria-hidden />} label="Created">
            {view.createdLabel}
          </Meta>
        </Group>

        <Group justify="space-between" mt="auto" pt="xs" wrap="nowrap">
          {view.stepLabel ? (
            <Text size="sm" fw={600} c="gray.7">
              {view.stepLabel}
            </Text>
          ) : (
            <Text size="sm" fw={600} c="teal.8">
              Finished
            </Text>
          )}
          <Button
            component={Link}
            to={view.href}
            size="xs"
            variant="light"
            rightSection={<IconArrowRight size={14} aria-hidden />}
            className={classes.raised}
            aria-label={`${view.actionLabel}: ${view.title}`}
          >
            {view.actionLabel}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function Meta({ icon, label, children }: { icon: ReactNode; label?: string; children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap">
      {icon}
      <Box component="span">
        {label ? <VisuallyHidden component="span">{label} </VisuallyHidden> : null}
        {children}
      </Box>
    </Group>
  );
}
