import { ActionIcon, Badge, Group, Paper, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { VoiceInfo } from '@reelsmith/shared';
import { IconCheck, IconPlayerPlayFilled, IconPlayerStopFilled } from '@tabler/icons-react';
import { humanise } from './voice-rules.ts';
import type { PreviewState } from './use-voice-preview.ts';

export interface VoiceCardProps {
  voice: VoiceInfo;
  selected: boolean;
  preview: PreviewState | null;
  onSelect: () => void;
  onPreview: () => void;
}

/** A voice: emoji, name, gender, age, situation, accent and description, with a preview button. */
export function VoiceCard({ voice, selected, preview, onSelect, onPreview }: VoiceCardProps) {
  const mine = preview?.voiceId === voice.id ? preview : null;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      style={{ borderColor: selected ? 'var(--mantine-color-brand-6, var(--mantine-primary-color-filled))' : undefined, borderWidth: selected ? 2 : 1 }}
      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <UnstyledButton
          onClick={onSelect}
          aria-pressed={selected}
          style={{ flex: 1, minWidth: 0 }}
        >
          {/* Named by all it shows (WCAG 2.5.3: the visible text is part of the name), 'Choose voice Ava …'. */}
          <VisuallyHidden>Choose voice </VisuallyHidden>
          <Group wrap="nowrap" align="flex-start" gap="sm">
            <Text fz={28} lh={1} aria-hidden>
              {voice.emoji}
            </Text>
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Group gap={6}>
                <Text fw={700}>{voice.name}</Text>
                {selected ? (
                  <Badge size="sm" leftSection={<IconCheck size={12} aria-hidden />}>
                    Selected
                  </Badge>
                ) : null}
              </Group>
              <Group gap={4}>
                <Badge size="xs" variant="light" color="gray">
                  {humanise(voice.gender)}
                </Badge>
                <Badge size="xs" variant="light" color="gray">
                  {humanise(voice.age)}
                </Badge>
                <Badge size="xs" variant="light" color="gray">
                  {humanise(voice.situation)}
                </Badge>
                <Badge size="xs" variant="light" color="gray">
                  {voice.accent}
                </Badge>
              </Group>
              <Text size="sm" c="gray.7">
                {voice.description}
              </Text>
            </Stack>
          </Group>
        </UnstyledButton>
        <ActionIcon
          variant={mine ? 'filled' : 'light'}
          size="lg"
          radius="xl"
          loading={mine?.status === 'loading'}
          aria-label={mine ? `Stop preview of ${voice.name}` : `Preview ${voice.name}`}
          onClick={onPreview}
        >
          {mine ? <IconPlayerStopFilled size={16} aria-hidden /> : <IconPlayerPlayFilled size={16} aria-hidden />}
        </ActionIcon>
      </Group>
    </Paper>
  );
}
