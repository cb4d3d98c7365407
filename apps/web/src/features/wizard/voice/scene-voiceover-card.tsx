import { Badge, Group, Paper, Slider, Stack, Text } from '@mantine/core';
import { VOICE_SPEED, type Scene } from '@reelsmith/shared';
import { speedLabel, speedSteps } from './voice-rules.ts';

const speedMarks = speedSteps().map((value) => ({ value, label: value === VOICE_SPEED.min || value === VOICE_SPEED.default || value === VOICE_SPEED.max ? `${value.toFixed(1)}x` : undefined }));

export interface SceneVoiceoverCardProps {
  scene: Scene;
  number: number;
  speed: number;
  /** The scene's generated voiceover, if any. */
  audioUrl: string | undefined;
  disabled: boolean;
  onSpeedChange: (speed: number) => void;
  onAudioError: () => void;
}

/** One scene in step 2: its text, its reading speed (0.7–1.2x) and, once generated, its audio. */
export function SceneVoiceoverCard({ scene, number, speed, audioUrl, disabled, onSpeedChange, onAudioError }: SceneVoiceoverCardProps) {
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`Scene ${number} voiceover`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600}>
              Scene {number}
              {scene.title ? `: ${scene.title}` : ''}
            </Text>
            <Text size="sm" c="gray.7" lineClamp={2}>
              {scene.text}
            </Text>
          </Stack>
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {speedLabel(speed)}
          </Badge>
        </Group>
        <Slider
          min={VOICE_SPEED.min}
          max={VOICE_SPEED.max}
          step={VOICE_SPEED.step}
          value={speed}
          marks={speedMarks}
          label={speedLabel}
          thumbLabel={`Speed for scene ${number}`}
          disabled={disabled}
          onChange={onSpeedChange}
          mb="md"
        />
        {audioUrl ? (
          <audio controls preload="none" src={audioUrl} aria-label={`Voiceover for scene ${number}`} style={{ width: '100%' }} onError={onAudioError} />
        ) : null}
      </Stack>
    </Paper>
  );
}
