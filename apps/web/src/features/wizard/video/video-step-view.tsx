import { Alert, Button, Group, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { WIZARD_STEPS, generationMessages, type ClassifiedError, type ProgressEstimate, type Quality, type Scene } from '@reelsmith/shared';
import { IconAlertCircle, IconAlertTriangle, IconArrowLeft, IconArrowRight, IconLock, IconMovie, IconRefresh } from '@tabler/icons-react';
import { UpgradeDialog } from '../../billing/upgrade-dialog.tsx';
import { GenerationProgress } from '../generation-progress.tsx';
import { SceneVideoCard } from './scene-video-card.tsx';
import type { GenerationActivity } from '../use-step-job.ts';
import classes from './video.module.css';
import { formatSeconds, isQualityLocked, type QualityPlan } from './video-rules.ts';

// 'HD Quality Locked: High-quality video generation is only available for paid subscribers.'
const [hdLockedTitle = '', hdLockedMessage = ''] = generationMessages.hdLocked.split(/:\s(.*)/s);

const qualityOptions: { value: Quality; label: string; detail: string }[] = [
  { value: 'standard', label: 'Standard', detail: '360p · faster' },
  { value: 'high', label: 'High', detail: '1080p HD' },
];

/** One scene in the overview, with what its card shows. */
export interface SceneVideoRow {
  scene: Scene;
  seconds: number;
  audioUrl: string | undefined;
  videoUrl: string | undefined;
}

export interface VideoStepViewProps {
  /** The plan, once loaded: it decides which qualities are locked. */
  plan: QualityPlan | undefined;
  quality: Quality;
  onPickQuality: (quality: Quality) => void;
  /** The picture the videos are made from (step 4's choice, else step 3's avatar). */
  picture: string | null;
  coverage: { done: number; total: number; all: boolean };
  scenes: readonly SceneVideoRow[];
  totalSeconds: number;
  overReelTime: boolean;
  reelTime: number;
  /** A CSS aspect-ratio ('9 / 16'). */
  aspect: string;
  /** The videos job: running (here or before a reload), its job and start. */
  generation: GenerationActivity;
  estimate: ProgressEstimate;
  /** The plan is still loading. */
  checkingPlan: boolean;
  onGenerate: () => void;
  /** Why the last generation failed, or null. */
  failure: ClassifiedError | null;
  downloadLocked: boolean;
  onLockedDownload: () => void;
  /** The 'HD Quality Locked' upgrade dialog. */
  hdDialogOpened: boolean;
  onCloseHdDialog: () => void;
  onNext: () => void;
  onBack: () => void;
}

/** Step 5 before the project exists: its heading only. */
export function VideoStepHeading() {
  return <Title order={2}>{WIZARD_STEPS[4]}</Title>;
}

/** Step 5, Video Generation: quality, one talking video per scene, live progress (spec §2 'Step 5'). */
export function VideoStepView(props: VideoStepViewProps) {
  const { plan, coverage, picture, failure } = props;
  const busy = props.generation.active;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <VideoStepHeading />
        <Text c="gray.7">Turn every scene into a talking video of your avatar, synced to the voiceover.</Text>
      </Stack>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Radio.Group label="Quality" value={props.quality} onChange={(value) => props.onPickQuality(value as Quality)}>
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
          disabled={busy || props.checkingPlan || !picture}
          onClick={props.onGenerate}
        >
          {coverage.all ? 'Regenerate Videos' : 'Generate All Videos'}
        </Button>
        <Text size="sm" c="gray.7">
          {coverage.done} of {coverage.total} scene videos ready
        </Text>
      </Group>

      {props.generation.active ? (
        <GenerationProgress label="Generating videos" estimate={props.estimate} job={props.generation.job} startedAt={props.generation.startedAt} />
      ) : null}

      {failure ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={failure.title}>
          <Text size="sm">{failure.description}</Text>
          <Text size="sm" fw={600} mt={4}>
            {failure.suggestion}
          </Text>
        </Alert>
      ) : null}

      <Stack gap="sm">
        <Text fw={600}>Scenes</Text>
        {props.scenes.map(({ scene, seconds, audioUrl, videoUrl }, index) => (
          <SceneVideoCard
            key={scene.sceneId}
            scene={scene}
            number={index + 1}
            seconds={seconds}
            thumbnail={picture}
            audioUrl={audioUrl}
            videoUrl={videoUrl}
            aspect={props.aspect}
            downloadLocked={props.downloadLocked}
            onLockedDownload={props.onLockedDownload}
          />
        ))}
      </Stack>

      <Paper withBorder radius="md" p="md" bg={props.overReelTime ? 'orange.0' : 'gray.0'}>
        <Group justify="space-between" gap="xs">
          <Text fw={600}>Total duration</Text>
          <Text fw={700} aria-label="Total duration">
            {formatSeconds(props.totalSeconds)} / {props.reelTime}s reel time
          </Text>
        </Group>
        {props.overReelTime ? (
          <Group gap="xs" mt="xs" wrap="nowrap" align="flex-start">
            <IconAlertTriangle size={18} color="var(--mantine-color-orange-7)" aria-hidden style={{ flex: 'none' }} />
            <Text size="sm" c="orange.9" role="alert">
              {`The scenes run ${formatSeconds(props.totalSeconds)}, longer than the ${props.reelTime}-second reel time.`}
            </Text>
          </Group>
        ) : null}
      </Paper>

      <Group justify="space-between" gap="sm">
        <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} disabled={coverage.all || busy} onClick={props.onBack}>
          Back to Avatar
        </Button>
        <Button rightSection={<IconArrowRight size={18} aria-hidden />} disabled={!coverage.all || busy} onClick={props.onNext}>
          Go to Step 6
        </Button>
      </Group>

      <UpgradeDialog opened={props.hdDialogOpened} onClose={props.onCloseHdDialog} title={hdLockedTitle} message={hdLockedMessage} />
    </Stack>
  );
}
