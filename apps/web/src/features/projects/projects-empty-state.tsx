import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMovie, IconPlus } from '@tabler/icons-react';
import { useStartProject } from './use-start-project.ts';

export function ProjectsEmptyState() {
  const startProject = useStartProject();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} style={{ borderStyle: 'dashed' }}>
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconMovie size={28} aria-hidden />
        </ThemeIcon>
        <Title order={3}>No projects yet</Title>
        <Text c="gray.7" maw={420}>
          Your videos appear here. Start with a script and Reelsmith guides you through voice, avatar and export.
        </Text>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={startProject} mt="xs">
          Create First Project
        </Button>
      </Stack>
    </Paper>
  );
}
