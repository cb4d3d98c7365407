import { ActionIcon, Badge, Button, Group, Table, Text } from '@mantine/core';
import type { AdminUserProject } from '@reelsmith/shared';
import { IconDownload, IconPlayerPlay } from '@tabler/icons-react';
import { formatDate } from '../../lib/format.ts';
import { downloadHref, previewableVideo, projectStatusColor, projectStatusLabel, videoFileName } from './project-rules.ts';
import type { PreviewTarget } from './video-preview-dialog.tsx';

/** Spec §2 User details projects: Project Title, Date, Status, Actions (Preview and download for finished videos). */
export function UserProjectsTable({ projects, onPreview }: { projects: readonly AdminUserProject[]; onPreview: (target: PreviewTarget) => void }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Project Title</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {projects.map((project) => {
            const videoUrl = previewableVideo(project);
            return (
              <Table.Tr key={project.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {project.title}
                  </Text>
                </Table.Td>
                <Table.Td>{formatDate(project.createdAt)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={projectStatusColor(project.status)}>
                    {projectStatusLabel(project.status)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {videoUrl ? (
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconPlayerPlay size={14} aria-hidden="true" />}
                        onClick={() => onPreview({ title: project.title, videoUrl })}
                      >
                        Preview
                      </Button>
                      <ActionIcon
                        component="a"
                        href={downloadHref(videoUrl)}
                        download={videoFileName(project.title)}
                        variant="subtle"
                        aria-label={`Download ${project.title}`}
                      >
                        <IconDownload size={18} aria-hidden="true" />
                      </ActionIcon>
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">
                      -
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
