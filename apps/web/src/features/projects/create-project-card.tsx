import { Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import classes from './project-card.module.css';
import { useStartProject } from './use-start-project.ts';

/** The grid's first tile: starts a project through the same checks as every other create button. */
export function CreateProjectCard() {
  const startProject = useStartProject();
  return (
    <UnstyledButton className={classes.createCard} onClick={startProject}>
      <ThemeIcon size={44} radius="xl" variant="white" color="reel">
        <IconPlus size={26} aria-hidden />
      </ThemeIcon>
      <Text fw={700}>Create New Project</Text>
      <Text size="sm" c="gray.7" ta="center" px="md" className={classes.createHint}>
        From script to talking-avatar video in six steps
      </Text>
    </UnstyledButton>
  );
}
