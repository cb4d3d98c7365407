import { showDownloadLockedToast } from '../../billing/download-locked-toast.tsx';
import { Alert, Badge, Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  WIZARD_STEPS,
  downloadLockedError,
  finalVideoErrorText,
  generationMessages,
  noVideoAvailableError,
  progressEstimates,
  toUserMessage,
  videoCreationFailedError,
} from '@reelsmith/shared';
import { IconAlertCircle, IconArrowLeft, IconCircleCheck, IconDownload, IconLock, IconMovie } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorFacts } from '../../../lib/trpc-errors.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { useCurrentSubscription } from '../../billing/use-current-subscription.ts';
import { cssAspectRatio } from '../../share/share-rules.ts';
import { FinalPlayer } from '../final/final-player.tsx';
import { downloadState, finalVideoOf, parseFinalVideo, transitions, type Transition } from '../final/final-rules.ts';
import classes from '../final/final.module.css';
import { GenerationProgress } from '../generation-progress.tsx';
import { useGeneration } from '../video/use-generation.ts';
import { selectedPictureUrl } from '../product/selection.ts';
import { videoCoverage } from '../video/video-rules.ts';
import type { WizardStepProps } from '../wizard-context.ts';

/** Spec §4: after 'Project Completed' the dashboard opens 1.5 s later. */
const completeDelayMs = 1500;

/** Step 6, Merge & Export: transition, the final video, download and completion (spec §2 'Step 6'). The slot's contract is described at the top of ../wizard-shell.tsx. */
export function StepFinal({ project, onBack, onProjectChange }: WizardStepProps) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const subscription = useCurrentSubscription();
  const plan = subscription.data;
  const [transition, setTransition] = useState<Transition>(project?.params.final?.transition ?? 'none');
  const [index, setIndex] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [completed, setCompleted] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const create = useMutation(
    trpc.generation.createFinalVideo.mutationOptions({
      onSuccess: (result) => {
        setFailure(null);
        setIndex(0);
        onProjectChange(result.project);
        if (!finalVideoOf(result.project.assets)) notifications.show({ color: 'orange', title: 'Final video', message: finalVideoErrorText.previewDataMissing });
      },
      onError: (error) => {
        setFailure(toUserMessage(errorFacts(error)));
        notifications.show({ color: 'red', title: videoCreationFailedError.title, message: videoCreationFailedError.description });
      },
    }),
  );
  const finish = () => {
    setCompleted(true);
    notifications.show({ color: 'green', title: 'Project Completed', message: 'Taking you to your projects…', icon: <IconCircleCheck size={18} /> });
    timer.current = window.setTimeout(() => void navigate('/'), completeDelayMs);
  };
  const complete = useMutation(
    trpc.projects.update.mutationOptions({
      onSuccess: (saved) => {
        onProjectChange(saved);
        finish();
      },
      onError: (error) => notifications.show({ color: 'red', title: 'Progress not saved', message: toUserMessage(errorFacts(error)) }),
    }),
  );
  const activity = useGeneration(project?.id, 'final', create.isPending, create.submittedAt);

  const heading = <Title order={2}>{WIZARD_STEPS[5]}</Title>;
  if (!project) return heading;

  const assets = project.assets;
  const aspect = cssAspectRatio(project.aspect);
  const coverage = videoCoverage(project);
  const busy = activity.active;
  const final = finalVideoOf(assets);
  const poster = selectedPictureUrl(assets) ?? undefined;
  const parsed = final ? parseFinalVideo(final) : null;
  const download = downloadState(plan?.allowDownload ?? false, project.title, parsed, index);
  const locked = plan !== undefined && !plan.allowDownload;
  const lockedError = downloadLockedError(plan?.planName);
  const jobFailed = !busy && !failure && activity.job?.status === 'dead' ? activity.job.error : null;
  const shownFailure = busy ? null : (failure ?? jobFailed);

  const showLocked = () => showDownloadLockedToast(plan?.planName, navigate);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        {heading}
        <Text c="gray.7">Join your scene videos into one final video, then download it or finish the project.</Text>
      </Stack>

      <Stack gap="xs">
        <Text fw={600}>Scene previews</Text>
        {coverage.any ? (
          <Group gap="sm" align="flex-start">
            {project.scenes.map((scene, i) => {
              const url = assets.video_generated?.[scene.sceneId];
              return (
                <Stack key={scene.sceneId} gap={4} w={{ base: 'calc(50% - 6px)', xs: 140 }}>
                  {url ? (
                    <video className={classes.scenePreview} style={{ aspectRatio: aspect }} src={url} poster={poster} controls preload="metadata" playsInline aria-label={`Scene ${i + 1} preview`} />
                  ) : null}
                  <Text size="xs" fw={600} truncate>
                    {`Scene ${i + 1}${scene.title ? ` · ${scene.title}` : ''}`}
                  </Text>
                </Stack>
              );
            })}
          </Group>
        ) : null}
        {!coverage.all ? (
          <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden />}>
            {generationMessages.noVideos}
          </Alert>
        ) : null}
      </Stack>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="xs">
          <Text fw={500} size="sm" id="transition-label">
            Transition
          </Text>
          <SegmentedControl
            aria-labelledby="transition-label"
            fullWidth
            value={transition}
            disabled={busy}
            onChange={(value) => setTransition(value as Transition)}
            data={transitions.map((t) => ({ value: t.value, label: t.label }))}
          />
        </Stack>
        <Stack gap="xs">
          <Text fw={500} size="sm">
            Captions
          </Text>
          <Paper withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap">
              <Switch label="Captions" disabled checked={false} onChange={() => undefined} />
              <Badge variant="light" color="gray">
                Coming Soon
              </Badge>
            </Group>
          </Paper>
        </Stack>
      </SimpleGrid>

      <Group>
        <Button
          size="md"
          leftSection={<IconMovie size={18} aria-hidden />}
          loading={busy}
          disabled={busy || !coverage.all}
          onClick={() => {
            setFailure(null);
            create.mutate({ id: project.id, transition, captions: false });
          }}
        >
          Create Final Video
        </Button>
      </Group>

      {activity.active ? (
        <GenerationProgress label="Creating final video" estimate={progressEstimates.merge} job={activity.job} startedAt={activity.startedAt} />
      ) : null}

      {shownFailure ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={videoCreationFailedError.title}>
          <Text size="sm">{videoCreationFailedError.description}</Text>
          <Text size="sm" c="gray.7" mt={4}>
            {shownFailure}
          </Text>
        </Alert>
      ) : null}

      {parsed ? (
        <Stack gap="xs">
          <Text fw={600}>Final video</Text>
          <FinalPlayer parsed={parsed} posterUrl={final?.posterUrl ?? poster} aspect={aspect} index={index} onIndexChange={setIndex} allowDownload={plan?.allowDownload ?? false} />
        </Stack>
      ) : null}

      <Stack gap="xs">
        <Group>
          {download.kind === 'ready' ? (
            <Button variant="light" component="a" href={download.url} download={download.fileName} leftSection={<IconDownload size={18} aria-hidden />}>
              Download Final Video
            </Button>
          ) : (
            <Button
              variant="light"
              color={locked ? 'gray' : undefined}
              disabled={subscription.isPending}
              leftSection={locked ? <IconLock size={18} aria-hidden /> : <IconDownload size={18} aria-hidden />}
              onClick={() => {
                if (locked) showLocked();
                else notifications.show({ color: 'orange', title: noVideoAvailableError.title, message: noVideoAvailableError.description });
              }}
            >
              Download Final Video
            </Button>
          )}
        </Group>
        {locked ? (
          <Alert color="orange" variant="light" icon={<IconLock aria-hidden />} title={lockedError.title}>
            <Group justify="space-between" gap="xs">
              <Text size="sm">{lockedError.description}</Text>
              <Button size="xs" variant="white" onClick={() => void navigate(lockedError.actionHref)}>
                {lockedError.action}
              </Button>
            </Group>
          </Alert>
        ) : null}
      </Stack>

      {completed ? (
        <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
          Project Completed
        </Alert>
      ) : null}

      <Group justify="space-between" gap="sm">
        <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} disabled={busy} onClick={onBack}>
          Back to Step 5
        </Button>
        <Button
          color="green"
          leftSection={<IconCircleCheck size={18} aria-hidden />}
          loading={complete.isPending}
          disabled={busy || completed}
          onClick={() => {
            if (project.currentStep < 6) complete.mutate({ id: project.id, currentStep: 6 });
            else finish();
          }}
        >
          Complete Project
        </Button>
      </Group>
    </Stack>
  );
}
