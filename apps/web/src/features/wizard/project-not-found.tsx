import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { projectNotFoundError } from '@reelsmith/shared';
import { IconFolderX } from '@tabler/icons-react';
import { Link } from 'react-router';

/** A missing project, or someone else's: the two read the same (spec §8). */
export function ProjectNotFound() {
  return (
    <Center mih="60vh" px="md" py={48}>
      <Stack align="center" gap="md" maw={480} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="gray">
          <IconFolderX size={32} aria-hidden />
        </ThemeIcon>
        <Title order={1}>{projectNotFoundError.title}</Title>
        <Text c="gray.7">{projectNotFoundError.description}</Text>
        <Button component={Link} to="/">
          Go to Dashboard
        </Button>
      </Stack>
    </Center>
  );
}
