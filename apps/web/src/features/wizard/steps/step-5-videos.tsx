import { showDownloadLockedToast } from '../../billing/download-locked-toast.tsx';
import { Alert, Button, Group, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  WIZARD_STEPS,
  classifyError,
  generationMessages,
  progressEstimates,
  scaleProgressEstimate,
  type ClassifiedError,
  type Quality,
} from '@reelsmith/shared';
import { IconAlertCircle, IconAlertTriangle, IconArrowLeft, IconArrowRight, IconLock, IconMovie, IconRefresh } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorFacts, httpStatusOf } from '../../../lib/trpc-errors.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { UpgradeDialog } from '../../billing/upgrade-dialog.tsx';
import { useCurrentSubscription } from '../../billing/use-current-subscription.ts';
import { cssAspectRatio } from '../../share/share-rules.ts';
import { selectedPictureUrl } from '../product/selection.ts';
import { GenerationProgress } from '../generation-progress.tsx';
import { SceneVideoCard } from '../video/scene-video-card.tsx';
import { useGeneration } from '../video/use-generation.ts';
import classes from '../video/video.module.css';
import { effectiveQuality, formatSeconds, isOverReelTime, isQualityLocked, sceneSeconds, totalSeconds, videoCoverage } from '../video/video-rules.ts';
import type { WizardStepProps } from '../wizard-context.ts';

// 'HD Quality Locked: High-quality video generation is only available for paid subscribers.'
const [hdLockedTitle = '', hdLockedMessage = ''] = generationMessages.hdLocked.split(/:\s(.*)/s);

const qualityOptions: { value: Quality; label: string; detail: string }[] = [
  { value: 'standard', label: 'Standard', detail: '360p · faster' },
  { value: 'high', label: 'High', detail: '1080p HD' },
];

/** Step 5, Video Generation: quality, one talking video per scene, live progress (spec §2 'Step 5'). The slot's contract is described at the top of ../wizard-shell.tsx. */
export function StepVideos({ project, onNext, onBack, onProjectChange }: WizardStepProps) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const subscription = useCurrentSubscription();
  const plan = subscription.data;
  const [chosenQuality, setChosenQuality] = useState<Quality>(project?.params.video?.quality ?? 'standard');
  const quality = effectiveQuality(chosenQuality, plan);
  const [hdDialog, setHdDialog] = useState(false);
  const [failure, setFailure] = useState<ClassifiedError | null>(null);

  const generate = useMutation(
    trpc.generation.generateVideos.mutationOptions({
      onSuccess: (result) => {
        setFailure(null);
        onProjectChange(result.project);
      },
      onError: (error) => {
        if (httpStatusOf(error) === 402) {
          setChosenQuality('standard');
          setHdDialog(true);
          return;
        }
        const classified = classifyError(errorFacts(error));
        setFailure(classified);
        notifications.show({ color: 'red', title: classified.title, message: classified.suggestion });
      },
    }),
  );
  const activity = useGeneration(project?.id, 'videos', generate.isPending, generate.submittedAt);

  const heading = <Title order={2}>{WIZARD_STEPS[4]}</Title>;
  if (!project) return heading;

  const assets = project.assets;
  const picture = selectedPictureUrl(assets);
  const coverage = videoCoverage(project);
  const total = totalSeconds(project);
  const over = isOverReelTime(total, project.reelTime);
  const aspect = cssAspectRatio(project.aspect);
  const busy = activity.active;
  const jobFailure = !busy && !failure && activity.job?.status === 'dead' && activity.job.error ? classifyError({ message: activity.job.error, reason: activity.job.reason }) : null;
  const shownFailure = busy ? null : (failure ?? jobFailure);
  const estimate = scaleProgressEstimate(quality === 'high' ? progressEstimates.highVideoPerScene : progressEstimates.standardVideoPerScene, project.scenes.length);
  const downloadLocked = plan ? !plan.allowDownload : true;

  const pickQuality = (value: string) => {
    const next = value as Quality;
    if (isQualityLocked(next, plan)) {
      setHdDialog(true);
      return;
    }
    setChosenQuality(next);
  };

  const showDownloadLocked = () => showDownloadLockedToast(plan?.planName, navigate);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        {heading}
        <Text c="gray.7">Turn every scene into a talking video of your avatar, synced to the voiceover.</Text>
      </Stack>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Radio.Group label="Quality" value={quality} onChange={pickQuality}>
          <SimpleGrid cols={2} spacing="sm" mt="xs">
            {qualityOptions.map((option) => {
              const locked = isQualityLocked(option.value, plan);
              return (
                <Radio.Card key={option.value} value={option.value} className={classes.option} disabled={busy} aria-label={`${option.label} ${option.detail}`}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                    <Stack gap={2}>
                      <Text fw={700}>{option.label}</Text>
                      <Text size="sm" c="gray.7">
                        {option.detail}
                      </Text>
                    </Stack>
                    {locked && plan ? <IconLock size={18} color="var(--mantine-color-gray-6)" aria-label="Locked" /> : <Radio.Indicator />}
                  </Group>
                </Radio.Card>
              );
            })}
          </SimpleGrid>
        </Radio.Group>
        <Stack gap="xs">
          <Text fw={500} size="sm">
            AI model
          </Text>
          <Paper withBorder radius="md" p="md" className={classes.option} data-checked>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Group gap="sm" wrap="nowrap">
                <IconMovie size={22} color="var(--mantine-primary-color-filled)" aria-hidden />
                <Stack gap={2}>
                  <Text fw={700}>OmniHuman</Text>
                  <Text size="sm" c="gray.7">
                    Lifelike talking avatar with lip sync
                  </Text>
                </Stack>
              </Group>
            </Group>
          </Paper>
        </Stack>
      </SimpleGrid>

      {!picture ? (
        <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden />}>
          {generationMessages.noAvatar}
        </Alert>
      ) : null}

      <Group>
        <Button
          size="md"
          leftSection={coverage.all ? <IconRefresh size={18} aria-hidden /> : <IconMovie size={18} aria-hidden />}
          loading={busy}
          disabled={busy || subscription.isPending || !picture}
          onClick={() => {
            setFailure(null);
            generate.mutate({ id: project.id, quality, model: 'omni-human' });
          }}
        >
          {coverage.all ? 'Regenerate Videos' : 'Generate All Videos'}
        </Button>
        <Text size="sm" c="gray.7">
          {coverage.done} of {coverage.total} scene videos ready
        </Text>
      </Group>

      {activity.active ? <GenerationProgress label="Generating videos" estimate={estimate} job={activity.job} startedAt={activity.startedAt} /> : null}

      {shownFailure ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={shownFailure.title}>
          <Text size="sm">{shownFailure.description}</Text>
          <Text size="sm" fw={600} mt={4}>
            {shownFailure.suggestion}
          </Text>
        </Alert>
      ) : null}

      <Stack gap="sm">
        <Text fw={600}>Scenes</Text>
        {project.scenes.map((scene, index) => (
          <SceneVideoCard
            key={scene.sceneId}
            scene={scene}
            number={index + 1}
            seconds={sceneSeconds(scene, assets.video_durations)}
            thumbnail={picture}
            audioUrl={assets.voiceover?.[scene.sceneId]}
            videoUrl={assets.video_generated?.[scene.sceneId]}
            aspect={aspect}
            downloadLocked={downloadLocked}
            onLockedDownload={showDownloadLocked}
          />
        ))}
      </Stack>

      <Paper withBorder radius="md" p="md" bg={over ? 'orange.0' : 'gray.0'}>
        <Group justify="space-between" gap="xs">
          <Text fw={600}>Total duration</Text>
          <Text fw={700} aria-label="Total duration">
            {formatSeconds(total)} / {project.reelTime}s reel time
          </Text>
        </Group>
        {over ? (
          <Group gap="xs" mt="xs" wrap="nowrap" align="flex-start">
            <IconAlertTriangle size={18} color="var(--mantine-color-orange-7)" aria-hidden style={{ flex: 'none' }} />
            <Text size="sm" c="orange.9" role="alert">
              {`The scenes run ${formatSeconds(total)}, longer than the ${project.reelTime}-second reel time.`}
            </Text>
          </Group>
        ) : null}
      </Paper>

      <Group justify="space-between" gap="sm">
        <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} disabled={coverage.all || busy} onClick={onBack}>
          Back to Avatar
        </Button>
        <Button rightSection={<IconArrowRight size={18} aria-hidden />} disabled={!coverage.all || busy} onClick={onNext}>
          Go to Step 6
        </Button>
      </Group>

      <UpgradeDialog opened={hdDialog} onClose={() => setHdDialog(false)} title={hdLockedTitle} message={hdLockedMessage} />
    </Stack>
  );
}
