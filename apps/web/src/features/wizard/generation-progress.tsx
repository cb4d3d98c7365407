import { Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { PROGRESS_REFRESH_MS, progressView, type ProgressEstimate } from '@reelsmith/shared';
import { useEffect, useState } from 'react';
import type { GenerationJob } from './use-project-jobs.ts';

export interface GenerationProgressProps {
  /** e.g. 'Generating voiceover'. */
  label: string;
  /** The spec §9 estimate used until the job reports real progress. */
  estimate: ProgressEstimate;
  /** The live job of this kind, when there is one. */
  job?: GenerationJob | undefined;
  /** When the work started (ms since the epoch), e.g. a job started before a reload; defaults to when this appeared. */
  startedAt?: number | null | undefined;
}

/** Seconds since `startedAt`, ticking every second (spec §9 refresh). */
function useElapsedSeconds(startedAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), PROGRESS_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, (now - startedAt) / 1000);
}

/** Live progress of a running generation: the job's own stage and percent, else the §9 estimate. Render it only while the work runs. */
export function GenerationProgress({ label, estimate, job, startedAt }: GenerationProgressProps) {
  const [mountedAt] = useState(() => Date.now());
  const elapsed = useElapsedSeconds(startedAt ?? mountedAt);
  const view = progressView(estimate, elapsed, job);
  const warn = view.phase === 'overtime';

  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-primary-color-light)" role="status" aria-live="polite">
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Loader size="xs" aria-hidden />
            <Text fw={600} size="sm" truncate>
              {label}…
            </Text>
          </Group>
          <Text size="sm" fw={700} c="var(--mantine-primary-color-light-color)" ff="monospace">
            {view.percent}%
          </Text>
        </Group>
        <Progress value={view.percent} animated striped radius="xl" aria-label={`${label} progress`} />
        <Text size="sm" c={warn && !view.live ? 'orange.9' : 'gray.7'}>
          {view.detail}
        </Text>
        {view.note ? (
          <Text size="sm" c={warn ? 'orange.9' : 'gray.7'}>
            {view.note}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
