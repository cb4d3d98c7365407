import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { VOICE_SPEED, WIZARD_STEPS, progressEstimates, scaleProgressEstimate, type Scene } from '@reelsmith/shared';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconMicrophone } from '@tabler/icons-react';
import { GenerationProgress } from '../generation-progress.tsx';
import { StepNav } from '../script/step-nav.tsx';
import type { GenerationJob } from '../use-project-jobs.ts';
import { SceneVoiceoverCard } from './scene-voiceover-card.tsx';
import { VoicePicker, type VoicePickerProps } from './voice-picker.tsx';
import { allScenesVoiced, sceneSpeeds } from './voice-rules.ts';

export interface VoiceStepViewProps extends VoicePickerProps {
  hasProject: boolean;
  scenes: readonly Scene[];
  /** Speeds chosen so far by scene id; a scene without one reads at 1.0x. */
  speeds: Readonly<Record<string, number>>;
  onSpeedChange: (sceneId: string, speed: number) => void;
  /** The voiceover audio by scene id. */
  voiceover: Readonly<Record<string, string>>;
  generating: boolean;
  generationJob: GenerationJob | undefined;
  onGenerate: () => void;
  onAudioError: () => void;
  onNext: () => void;
  onBack: () => void;
}

/** Step 2, Voiceover: voice filters and cards, per-scene speed, generated audio (spec §2 'Step 2'). */
export function VoiceStepView(props: VoiceStepViewProps) {
  const { scenes, speeds, voiceover, generating, selectedVoice } = props;
  const voiced = allScenesVoiced(scenes, voiceover);
  const hasAnyAudio = scenes.some((scene) => Boolean(voiceover[scene.sceneId]));
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Group gap="sm" align="center">
          <Title order={2}>{WIZARD_STEPS[1]}</Title>
          <Badge variant="light" color="gray">
            Step 2 of 5
          </Badge>
        </Group>
        <Text c="gray.7">Choose Voice: pick the voice that reads your scenes, set each scene&apos;s pace, and generate the voiceover.</Text>
      </Stack>

      {scenes.length === 0 ? (
        <Alert color="yellow" icon={<IconAlertCircle aria-hidden />} title="No scenes yet">
          Generate scenes in Step 1 first: the voiceover reads them.
        </Alert>
      ) : null}

      <VoicePicker {...props} />

      {scenes.length > 0 ? (
        <Stack gap="sm" component="section" aria-label="Scene voiceover">
          <Title order={3} size="h4">
            Speed and audio per scene
          </Title>
          {scenes.map((scene, index) => (
            <SceneVoiceoverCard
              key={scene.sceneId}
              scene={scene}
              number={index + 1}
              speed={sceneSpeeds([scene], speeds)[scene.sceneId] ?? VOICE_SPEED.default}
              audioUrl={voiceover[scene.sceneId]}
              disabled={generating}
              onSpeedChange={(speed) => props.onSpeedChange(scene.sceneId, speed)}
              onAudioError={props.onAudioError}
            />
          ))}
        </Stack>
      ) : null}

      {generating ? (
        <GenerationProgress
          label="Generating voiceover"
          estimate={scaleProgressEstimate(progressEstimates.voicePerScene, scenes.length)}
          job={props.generationJob}
        />
      ) : null}

      <Group>
        <Button
          leftSection={<IconMicrophone size={18} aria-hidden />}
          loading={generating}
          disabled={!props.hasProject || !selectedVoice || scenes.length === 0 || generating}
          onClick={props.onGenerate}
        >
          {hasAnyAudio ? 'Regenerate Voiceover' : 'Generate Voiceover'}
        </Button>
      </Group>

      <StepNav>
        <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={props.onBack}>
          Previous: Script
        </Button>
        <Button rightSection={<IconArrowRight size={18} aria-hidden />} disabled={!voiced || generating} onClick={props.onNext}>
          Next: Avatar &amp; Setting
        </Button>
      </StepNav>
    </Stack>
  );
}
