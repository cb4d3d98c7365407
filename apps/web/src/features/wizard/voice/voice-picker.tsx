import { Alert, Button, Group, Loader, Paper, ScrollArea, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TitledError, VoiceInfo } from '@reelsmith/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import type { PreviewState } from './use-voice-preview.ts';
import { VoiceCard } from './voice-card.tsx';
import { ageOptions, genderOptions, languageOptions } from './voice-rules.ts';

/** The voice list as loaded for the current filters. */
export type VoiceList = { status: 'loading' } | { status: 'error'; error: TitledError } | { status: 'ready'; voices: readonly VoiceInfo[] };

export interface VoiceFilters {
  /** '' means 'all'. */
  language: string;
  gender: string;
  age: string;
}

export interface VoicePickerProps {
  filters: VoiceFilters;
  onLanguageChange: (language: string) => void;
  onGenderChange: (gender: string) => void;
  onAgeChange: (age: string) => void;
  voiceList: VoiceList;
  onRetryVoices: () => void;
  voiceId: string | null;
  /** The chosen voice, also when the filters hide it. */
  selectedVoice: VoiceInfo | undefined;
  onSelectVoice: (voiceId: string) => void;
  preview: PreviewState | null;
  onPreview: (voice: VoiceInfo) => void;
}

/** Filters, the scrolling list of voice cards (loading, failed, empty or listed) and the chosen voice. */
export function VoicePicker(props: VoicePickerProps) {
  const { filters, voiceList, voiceId, selectedVoice, preview } = props;
  return (
    <Stack gap="sm" component="section" aria-label="Voices">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Select label="Language" data={languageOptions} value={filters.language} allowDeselect={false} onChange={(value) => props.onLanguageChange(value ?? '')} />
        <Select label="Gender" data={genderOptions} value={filters.gender} allowDeselect={false} onChange={(value) => props.onGenderChange(value ?? '')} />
        <Select label="Age group" data={ageOptions} value={filters.age} allowDeselect={false} onChange={(value) => props.onAgeChange(value ?? '')} />
      </SimpleGrid>
      <Paper withBorder radius="md">
        <ScrollArea h={400} type="auto" offsetScrollbars p="sm" aria-label="Voice list">
          {voiceList.status === 'loading' ? (
            <Group justify="center" py="xl">
              <Loader size="sm" aria-label="Loading voices" />
            </Group>
          ) : voiceList.status === 'error' ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={voiceList.error.title}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{voiceList.error.description}</Text>
                <Button size="xs" variant="light" color="red" onClick={props.onRetryVoices}>
                  Try again
                </Button>
              </Stack>
            </Alert>
          ) : voiceList.voices.length === 0 ? (
            <Text c="gray.7" ta="center" py="xl">
              No voices match these filters.
            </Text>
          ) : (
            <Stack gap="xs">
              {voiceList.voices.map((voice) => (
                <VoiceCard
                  key={voice.id}
                  voice={voice}
                  selected={voice.id === voiceId}
                  preview={preview}
                  onSelect={() => props.onSelectVoice(voice.id)}
                  onPreview={() => props.onPreview(voice)}
                />
              ))}
            </Stack>
          )}
        </ScrollArea>
      </Paper>
      <Text size="sm" c="gray.7" aria-live="polite">
        {selectedVoice ? `Selected voice: ${selectedVoice.emoji} ${selectedVoice.name}` : 'Select a voice to continue.'}
      </Text>
    </Stack>
  );
}
