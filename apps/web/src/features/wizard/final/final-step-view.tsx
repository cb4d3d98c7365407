import { Alert, Button, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { WIZARD_STEPS, generationMessages, progressEstimates, videoCreationFailedError, type ActionableError, type CaptionPlaces, type Scene } from '@reelsmith/shared';
import { IconAlertCircle, IconArrowLeft, IconCircleCheck, IconDownload, IconLock, IconMovie } from '@tabler/icons-react';
import { GenerationProgress } from '../generation-progress.tsx';
import type { GenerationActivity } from '../use-step-job.ts';
import { FinalPlayer } from './final-player.tsx';
import { CaptionsPanel } from './captions-panel.tsx';
import { transitions, type CaptionChoice, type DownloadState, type ParsedFinal, type SubtitleDownloads, type Transition } from './final-rules.ts';
import classes from './final.module.css';

export interface FinalStepViewProps {
  scenes: readonly Scene[];
  /** The scene videos by scene id. */
  sceneVideos: Readonly<Record<string, string>>;
  coverage: { any: boolean; all: boolean };
  /** A CSS aspect-ratio ('9 / 16'). */
  aspect: string;
  /** The picture the videos were made from, shown before a video plays. */
  poster: string | undefined;
  transition: Transition;
  onTransitionChange: (transition: Transition) => void;
  captions: CaptionChoice;
  onCaptionsChange: (choice: CaptionChoice) => void;
  /** The first words of the script, for the caption preview. */
  captionSample: string;
  /** Where the merge puts the captions over these scenes, once the server has said. */
  captionPlaces?: CaptionPlaces | undefined;
  /** The final video's subtitle files (offered where downloads are), or null. */
  subtitles: SubtitleDownloads | null;
  /** The merge: running (here or before a reload), its job and start. */
  generation: GenerationActivity;
  onCreate: () => void;
  /** Why the last merge failed, in the user's words, or null. */
  failure: string | null;
  parsed: ParsedFinal | null;
  finalPosterUrl: string | undefined;
  /** The playlist part on screen. */
  index: number;
  onIndexChange: (index: number) => void;
  /** The plan allows downloads (false while unknown). */
  allowDownload: boolean;
  download: DownloadState;
  /** The plan is known and has no downloads. */
  locked: boolean;
  lockedError: ActionableError;
  /** The plan is still loading. */
  checkingPlan: boolean;
  /** Download pressed without a file to download: the plan has none, or there is no final video. */
  onUnavailableDownload: () => void;
  onLockedAction: () => void;
  completed: boolean;
  completing: boolean;
  onComplete: () => void;
  onBack: () => void;
}

/** Step 6 before the project exists: its heading only. */
export function FinalStepHeading() {
  return <Title order={2}>{WIZARD_STEPS[5]}</Title>;
}

/** Step 6, Merge & Export: transition, the final video, download and completion (spec §2 'Step 6'). */
export function FinalStepView(props: FinalStepViewProps) {
  const { scenes, coverage, aspect, parsed, download, locked, lockedError, failure } = props;
  const busy = props.generation.active;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <FinalStepHeading />
        <Text c="gray.7">Join your scene videos into one final video, then download it or finish the project.</Text>
      </Stack>

      <Stack gap="xs">
        <Text fw={600}>Scene previews</Text>
        {coverage.any ? (
          <Group gap="sm" align="flex-start">
            {scenes.map((scene, i) => {
              const url = props.sceneVideos[scene.sceneId];
              return (
                <Stack key={scene.sceneId} gap={4} w={{ base: 'calc(50% - 6px)', xs: 140 }}>
                  {url ? (
                    <video className={classes.scenePreview} style={{ aspectRatio: aspect }} src={url} poster={props.poster} controls preload="metadata" playsInline aria-label={`Scene ${i + 1} preview`} />
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
            value={props.transition}
            disabled={busy}
            onChange={(value) => props.onTransitionChange(value as Transition)}
            data={transitions.map((t) => ({ value: t.value, label: t.label }))}
          />
        </Stack>
        <Stack gap="xs">
          <Text fw={500} size="sm">
            Captions
          </Text>
          <CaptionsPanel choice={props.captions} onChange={props.onCaptionsChange} disabled={busy} aspect={aspect} poster={props.poster} sample={props.captionSample} places={props.captionPlaces} />
        </Stack>
      </SimpleGrid>

      <Group>
        <Button size="md" leftSection={<IconMovie size={18} aria-hidden />} loading={busy} disabled={busy || !coverage.all} onClick={props.onCreate}>
          Create Final Video
        </Button>
      </Group>

      {props.generation.active ? (
        <GenerationProgress label="Creating final video" estimate={progressEstimates.merge} job={props.generation.job} startedAt={props.generation.startedAt} />
      ) : null}

      {failure ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={videoCreationFailedError.title}>
          <Text size="sm">{videoCreationFailedError.description}</Text>
          <Text size="sm" c="gray.7" mt={4}>
            {failure}
          </Text>
        </Alert>
      ) : null}

      {parsed ? (
        <Stack gap="xs">
          <Text fw={600}>Final video</Text>
          <FinalPlayer parsed={parsed} posterUrl={props.finalPosterUrl} aspect={aspect} index={props.index} onIndexChange={props.onIndexChange} allowDownload={props.allowDownload} />
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
              disabled={props.checkingPlan}
              leftSection={locked ? <IconLock size={18} aria-hidden /> : <IconDownload size={18} aria-hidden />}
              onClick={props.onUnavailableDownload}
            >
              Download Final Video
            </Button>
          )}
          {props.subtitles && props.allowDownload ? (
            <>
              <Button variant="default" component="a" href={props.subtitles.srt.url} download={props.subtitles.srt.fileName} leftSection={<IconDownload size={18} aria-hidden />}>
                Captions (SRT)
              </Button>
              <Button variant="default" component="a" href={props.subtitles.vtt.url} download={props.subtitles.vtt.fileName} leftSection={<IconDownload size={18} aria-hidden />}>
                Captions (WebVTT)
              </Button>
            </>
          ) : null}
        </Group>
        {locked ? (
          <Alert color="orange" variant="light" icon={<IconLock aria-hidden />} title={lockedError.title}>
            <Group justify="space-between" gap="xs">
              <Text size="sm">{lockedError.description}</Text>
              <Button size="xs" variant="white" onClick={props.onLockedAction}>
                {lockedError.action}
              </Button>
            </Group>
          </Alert>
        ) : null}
      </Stack>

      {props.completed ? (
        <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
          Project Completed
        </Alert>
      ) : null}

      <Group justify="space-between" gap="sm">
        <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} disabled={busy} onClick={props.onBack}>
          Back to Step 5
        </Button>
        <Button
          color="green"
          leftSection={<IconCircleCheck size={18} aria-hidden />}
          loading={props.completing}
          disabled={busy || props.completed}
          onClick={props.onComplete}
        >
          Complete Project
        </Button>
      </Group>
    </Stack>
  );
}
