import { ActionIcon, Badge, Group, NumberInput, Paper, Stack, Text, TextInput, Textarea, Tooltip } from '@mantine/core';
import { SCENE_TEXT_MAX_CHARS, type Scene } from '@reelsmith/shared';
import { IconRefresh } from '@tabler/icons-react';
import { wordLabel, type SceneEdit } from './script-rules.ts';

export interface SceneCardProps {
  scene: Scene;
  index: number;
  regenerating: boolean;
  disabled: boolean;
  onEdit: (edit: SceneEdit) => void;
  onRegenerate: () => void;
}

/** One editable scene: title, text, duration and word count, with a regenerate action. */
export function SceneCard({ scene, index, regenerating, disabled, onEdit, onRegenerate }: SceneCardProps) {
  const number = index + 1;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`Scene ${number}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Badge variant="light" radius="sm">
              Scene {number}
            </Badge>
            <Text size="sm" c="gray.7" aria-label={`Scene ${number} word count`}>
              {wordLabel(scene.wordCount)}
            </Text>
          </Group>
          <Tooltip label="Regenerate this scene" openDelay={700}>
            <ActionIcon
              variant="light"
              size="lg"
              aria-label={`Regenerate scene ${number}`}
              loading={regenerating}
              disabled={disabled}
              onClick={onRegenerate}
            >
              <IconRefresh size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Title"
            value={scene.title}
            maxLength={120}
            disabled={disabled}
            style={{ flex: '1 1 220px' }}
            onChange={(event) => onEdit({ title: event.currentTarget.value })}
          />
          <NumberInput
            label="Duration (s)"
            value={scene.durationSeconds}
            min={1}
            max={60}
            step={0.5}
            decimalScale={1}
            disabled={disabled}
            w={130}
            onChange={(value) => {
              const seconds = typeof value === 'number' ? value : Number.parseFloat(value);
              if (Number.isFinite(seconds) && seconds >= 1 && seconds <= 60) onEdit({ durationSeconds: seconds });
            }}
          />
        </Group>
        <Textarea
          label="Scene text"
          value={scene.text}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={SCENE_TEXT_MAX_CHARS}
          disabled={disabled}
          error={scene.text.trim() === '' ? 'A scene needs some text.' : undefined}
          onChange={(event) => onEdit({ text: event.currentTarget.value })}
        />
      </Stack>
    </Paper>
  );
}
