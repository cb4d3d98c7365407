import { ActionIcon, Button, Flex, Group, Paper, Progress, Stack, Text, Title, Tooltip } from '@mantine/core';
import { DEFAULT_PROJECT_TITLE, type Project } from '@reelsmith/shared';
import { IconDownload, IconPencil, IconTrash } from '@tabler/icons-react';
import { formatDate } from '../../lib/format.ts';
import { WizardStepper } from '../projects/wizard-stepper.tsx';
import { WIZARD_STEP_COUNT, progressPercent, stepName } from './wizard-rules.ts';

export interface WizardHeaderProps {
  project: Project | null;
  step: number;
  onExport: () => void;
  onDelete: () => void;
  onRename: () => void;
  onStepClick: (step: number) => void;
}

/** Spec §2 'Wizard shell': title, 'Step N of 6', last update, progress, Export Progress, Delete Project and the indicator. */
export function WizardHeader({ project, step, onExport, onDelete, onRename, onStepClick }: WizardHeaderProps) {
  const percent = progressPercent(step);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={4} style={{ flex: '1 1 280px', minWidth: 0 }}>
            <Group gap="xs" wrap="nowrap" align="center">
              <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {project?.title ?? DEFAULT_PROJECT_TITLE}
              </Title>
              {project ? (
                <Tooltip label="Rename project">
                  <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Rename project" onClick={onRename} style={{ flex: 'none' }}>
                    <IconPencil size={20} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              ) : null}
            </Group>
            <Text c="gray.7" fw={600}>
              Step {step} of {WIZARD_STEP_COUNT} · {stepName(step)}
            </Text>
            <Text size="sm" c="gray.7">
              {project ? `Last updated ${formatDate(project.updatedAt)}` : 'Not saved yet: the project is created when you first generate or save.'}
            </Text>
          </Stack>
          {/* Side by side next to the title; a full-width stack on phones. */}
          <Flex direction={{ base: 'column', xs: 'row' }} gap="xs" w={{ base: '100%', xs: 'auto' }}>
            <Button variant="default" leftSection={<IconDownload size={18} aria-hidden />} onClick={onExport} disabled={!project}>
              Export Progress
            </Button>
            <Button variant="light" color="red" leftSection={<IconTrash size={18} aria-hidden />} onClick={onDelete} disabled={!project}>
              Delete Project
            </Button>
          </Flex>
        </Group>

        <Stack gap={6}>
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              Progress
            </Text>
            <Text size="sm" c="gray.7">
              {percent}%
            </Text>
          </Group>
          <Progress value={percent} size="md" radius="xl" aria-label="Project progress" />
        </Stack>

        <WizardStepper
          active={step - 1}
          compact="dots"
          onStepClick={(index) => {
            if (index + 1 < step) onStepClick(index + 1);
          }}
        />
      </Stack>
    </Paper>
  );
}
