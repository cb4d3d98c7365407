import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { WizardStepper } from '../features/projects/wizard-stepper.tsx';
import { pageTitle } from '../lib/brand.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** The six-step wizard shell, for a new project (/project/new) or an existing one (/project/:id). */
export function ProjectRoute() {
  const { id } = useParams();
  const heading = id ? 'Edit Project' : 'New Project';
  usePageTitle(pageTitle(heading));
  return (
    <Container size="lg" py={48}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{heading}</Title>
          <Text c="gray.7">Step 1 of 6 · Script & Scenes</Text>
          {id ? (
            <Text size="xs" c="gray.7" ff="monospace">
              Project ID {id}
            </Text>
          ) : null}
        </Stack>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <WizardStepper active={0} />
        </Paper>
      </Stack>
    </Container>
  );
}
