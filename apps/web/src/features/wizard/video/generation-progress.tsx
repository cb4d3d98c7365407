import { Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { isJobActive } from '../use-project-jobs.ts';
import { estimateState, type Estimate } from './progress-estimate.ts';
import { useElapsedSeconds, type GenerationActivity } from './use-generation.ts';

/** A job reports real progress once it has a percent or a stage of its own. */
function hasRealProgress(activity: GenerationActivity): boolean {
  const job = activity.job;
  if (!job || !isJobActive(job)) return false;
  return job.percent > 0 || (job.stage !== '' && job.stage !== 'Starting' && job.status === 'running');
}

/**
 * Live progress: the job's own stage and percent as they stream in; before that, spec §9's estimate
 * ('Taking longer' after 1.2× typical, an overtime message after the maximum).
 */
export function GenerationProgress({ label, activity, estimate }: { label: string; activity: GenerationActivity; estimate: Estimate }) {
  const elapsed = useElapsedSeconds(activity.active, activity.startedAt);
  if (!activity.active) return null;
  const real = hasRealProgress(activity);
  const guess = estimateState(estimate, elapsed);
  const percent = real && activity.job ? activity.job.percent : guess.percent;
  const detail = real && activity.job ? activity.job.stage : guess.text;
  return (
    <Paper withBorder radius="md" p="md" bg="blue.0" role="status" aria-live="polite">
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Loader size="xs" />
            <Text fw={600} size="sm" truncate>
              {label}
            </Text>
          </Group>
          <Text size="sm" fw={700} c="blue.8">
            {percent}%
          </Text>
        </Group>
        <Progress value={percent} animated striped aria-label={`${label} progress`} />
        <Text size="sm" c={guess.phase === 'overtime' && !real ? 'orange.8' : 'gray.7'}>
          {detail}
        </Text>
      </Stack>
    </Paper>
  );
}
