import { Badge, Box, Button, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { progressEstimates, type AspectRatio } from '@reelsmith/shared';
import { IconSparkles, IconWand } from '@tabler/icons-react';
import { GenerationProgress } from '../generation-progress.tsx';
import type { GenerationJob } from '../use-project-jobs.ts';
import { aspectOptions, avatarModelOptions, cssAspect, type AvatarModel } from './avatar-rules.ts';
import { ChoiceCard } from './choice-card.tsx';

export interface AvatarAiPanelProps {
  hasProject: boolean;
  /** The AI suggestion reads the scenes. */
  hasScenes: boolean;
  description: string;
  onDescriptionChange: (description: string) => void;
  suggesting: boolean;
  onSuggest: () => void;
  aspect: AspectRatio;
  onAspectChange: (aspect: AspectRatio) => void;
  model: AvatarModel;
  onModelChange: (model: AvatarModel) => void;
  generating: boolean;
  generationJob: GenerationJob | undefined;
  onGenerate: () => void;
  /** A generation or an upload is running. */
  busy: boolean;
  /** A project change (aspect, choice, removal) is being saved. */
  saving: boolean;
}

/** 'Generate with AI': the description (or its AI suggestion), aspect ratio, model and the generate action. */
export function AvatarAiPanel(props: AvatarAiPanelProps) {
  const { description, aspect, model, busy } = props;
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-end" gap="xs">
          <Text fw={600} size="sm" component="label" htmlFor="avatar-description">
            Avatar description
          </Text>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconWand size={16} aria-hidden />}
            loading={props.suggesting}
            disabled={!props.hasScenes || busy}
            onClick={props.onSuggest}
          >
            Suggest with AI
          </Button>
        </Group>
        <Textarea
          id="avatar-description"
          placeholder="A friendly woman in her thirties in a bright, modern kitchen, smiling at the camera…"
          value={description}
          autosize
          minRows={4}
          maxRows={10}
          maxLength={2000}
          disabled={busy}
          onChange={(event) => props.onDescriptionChange(event.currentTarget.value)}
        />
        {!props.hasScenes ? (
          <Text size="xs" c="gray.7">
            The AI suggestion needs scenes: generate them in Step 1.
          </Text>
        ) : null}
      </Stack>

      <Stack gap={6} role="group" aria-label="Aspect ratio">
        <Text fw={600} size="sm">
          Aspect ratio
        </Text>
        <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
          {aspectOptions.map((option) => (
            <ChoiceCard
              key={option.value}
              selected={option.value === aspect}
              disabled={busy || props.saving}
              onClick={() => props.onAspectChange(option.value)}
            >
              <Stack gap={6} align="center">
                <Box h={40} style={{ display: 'flex', alignItems: 'center' }} aria-hidden>
                  <Box
                    style={{ aspectRatio: cssAspect(option.value), height: option.value === '16:9' || option.value === '4:3' ? 24 : 36, border: '2px solid currentColor', borderRadius: 4 }}
                  />
                </Box>
                <Text fw={700} size="sm">
                  {option.value}
                </Text>
                <Text size="xs" c="gray.7">
                  {option.label}
                </Text>
              </Stack>
            </ChoiceCard>
          ))}
        </SimpleGrid>
      </Stack>

      <Stack gap={6} role="group" aria-label="Model">
        <Text fw={600} size="sm">
          Model
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          {avatarModelOptions.map((option) => (
            <ChoiceCard key={option.value} selected={option.value === model} disabled={busy} onClick={() => props.onModelChange(option.value)}>
              <Stack gap={4}>
                <Group gap="xs">
                  <Text fw={700} size="sm">
                    {option.name}
                  </Text>
                  {option.recommended ? (
                    <Badge size="xs" color="teal">
                      Recommended
                    </Badge>
                  ) : null}
                </Group>
                <Text size="xs" c="gray.7">
                  {option.description}
                </Text>
              </Stack>
            </ChoiceCard>
          ))}
        </SimpleGrid>
      </Stack>

      <Group>
        <Button
          leftSection={<IconSparkles size={18} aria-hidden />}
          loading={props.generating}
          disabled={!props.hasProject || description.trim() === '' || busy}
          onClick={props.onGenerate}
        >
          Generate 4 Avatar Variations
        </Button>
      </Group>
      {props.generating ? <GenerationProgress label="Generating avatars" estimate={progressEstimates.avatar} job={props.generationJob} /> : null}
    </Stack>
  );
}
