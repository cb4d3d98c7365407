import { Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isJobActive, type GenerationJob } from '../use-project-jobs.ts';
import { estimateStatus, progressRefreshMs, type Estimate } from './progress-estimate.ts';

export interface GenerationProgressProps {
  /** e.g. 'Generating voiceover'. */
  label: string;
  /** The spec §9 estimate used until the job reports real progress. */
  estimate: Estimate;
  /** The live job of this kind, when one is running. */
  job?: GenerationJob | undefined;
}

/** Live progress of a running generation: the job's own stage and percent, else the §9 estimate. */
export function GenerationProgress({ label, estimate, job }: GenerationProgressProps) {
  const [startedAt] = useState(() => Date.now());
  const [now, setNow] = useState(startedAt);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), progressRefreshMs);
    return () => window.clearInterval(timer);
  }, []);

  const status = estimateStatus(estimate, (now - startedAt) / 1000);
  const live = job && isJobActive(job) && (job.percent > 0 || job.stage !== '') ? job : undefined;
  const percent = live ? Math.max(0, Math.min(100, live.percent)) : status.percent;
  const detail = live ? live.stage || status.message : status.message;
  const note = live && status.phase !== 'normal' ? status.message : null;

  return (
    <Paper withBorder radius="md" p="md" bg="gray.0" role="status" aria-live="polite">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600} size="sm">
            {label}…
          </Text>
          <Text size="sm" c="gray.7" ff="monospace">
            {percent}%
          </Text>
        </Group>
        <Progress value={percent} animated radius="xl" aria-label={`${label} progress`} />
        <Text size="sm" c="gray.7">
          {detail}
        </Text>
        {note ? (
          <Text size="sm" c="gray.7">
            {note}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
