import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useStartProject } from '../projects/use-start-project.ts';
import { WizardStepper } from '../projects/wizard-stepper.tsx';
import classes from './dashboard-hero.module.css';

export function DashboardHero() {
  const startProject = useStartProject();
  return (
    <Paper radius="xl" p={{ base: 'lg', sm: 40 }} className={classes.hero}>
      <Stack gap="lg">
        <Stack gap="xs" maw={640}>
          <Title order={1} className={classes.title}>
            Create your next <span className={classes.nowrap}>talking-avatar</span> video
          </Title>
          <Text className={classes.lead}>
            Write or generate a script, pick a voice and an avatar, and export a finished video in six guided steps.
          </Text>
        </Stack>
        <div>
          <Button size="md" color="white" c="reel.7" leftSection={<IconSparkles size={18} aria-hidden />} onClick={startProject}>
            Start New Project
          </Button>
        </div>
        <Paper radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <WizardStepper active={0} />
        </Paper>
      </Stack>
    </Paper>
  );
}
