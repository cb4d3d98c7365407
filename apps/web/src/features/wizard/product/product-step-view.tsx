import { Alert, Badge, Button, Grid, Group, Paper, SimpleGrid, Stack, Text, Textarea, Title, UnstyledButton } from '@mantine/core';
import { VARIATIONS_PER_REQUEST, WIZARD_STEPS, generationMessages, progressEstimates, type AspectRatio } from '@reelsmith/shared';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconCheck, IconPlayerSkipForward, IconSparkles } from '@tabler/icons-react';
import { cssAspectRatio } from '../../share/share-rules.ts';
import { GenerationProgress } from '../generation-progress.tsx';
import type { GenerationActivity } from '../use-step-job.ts';
import { ProductDropzone } from './product-dropzone.tsx';
import classes from './product.module.css';

export interface ProductStepViewProps {
  avatarUrl: string;
  aspect: AspectRatio;
  /** The product image chosen now, else the saved one. */
  preview: string | null;
  onFile: (file: File) => void;
  prompt: string;
  onPromptChange: (prompt: string) => void;
  /** The avatar-with-product generation: running (here or before a reload), its job and start. */
  generation: GenerationActivity;
  onGenerate: () => void;
  /** Skipped just now: step 5 opens in a moment. */
  skipping: boolean;
  skipSaving: boolean;
  /** The saved project skips this step. */
  skipped: boolean;
  onSkip: () => void;
  variations: readonly string[];
  /** The chosen variation's index, or -1. */
  chosen: number;
  choosing: boolean;
  onChooseVariation: (index: number) => void;
  onNext: () => void;
  onBack: () => void;
}

/** What the step is: without a chosen avatar (or a project) only the way back to step 3. */
export type ProductStepState = { kind: 'missing-avatar'; onGoToAvatar: () => void } | ({ kind: 'ready' } & ProductStepViewProps);

const heading = <Title order={2}>{WIZARD_STEPS[3]}</Title>;

/** Step 4 before an avatar is chosen: the avatar holds the product, so step 3 comes first. */
export function ProductStepMissingAvatar({ onGoToAvatar }: { onGoToAvatar: () => void }) {
  return (
    <Stack gap="lg">
      {heading}
      <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden />} title={generationMessages.noAvatarForProduct}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">Choose or generate an avatar in Step 3 first; it will hold your product here.</Text>
          <Button leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={onGoToAvatar}>
            Go Back to Step 3
          </Button>
        </Stack>
      </Alert>
    </Stack>
  );
}

/** Step 4, Avatar-Product: the avatar holding the product, or skipped (spec §2 'Step 4'). */
export function ProductStepView(props: ProductStepViewProps) {
  const { variations, chosen, skipping, generation } = props;
  const busy = generation.active;
  const frame = { aspectRatio: cssAspectRatio(props.aspect) };
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 260px' }}>
          {heading}
          <Text c="gray.7">Show your avatar holding or using your product — or skip this step and use the avatar as it is.</Text>
        </Stack>
        <Button
          variant="default"
          leftSection={<IconPlayerSkipForward size={18} aria-hidden />}
          loading={props.skipSaving}
          disabled={busy || skipping}
          onClick={props.onSkip}
        >
          Skip
        </Button>
      </Group>
      {skipping || (props.skipped && chosen < 0) ? (
        <Alert color="gray" variant="light" icon={<IconPlayerSkipForward aria-hidden />}>
          {skipping ? 'Skipped — the avatar from Step 3 will be used. Opening Video Generation…' : 'This step was skipped; the avatar from Step 3 is used for the videos.'}
        </Alert>
      ) : null}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Stack gap="xs">
            <Text fw={600}>Selected avatar</Text>
            <div className={classes.avatarFrame} style={frame}>
              <img src={props.avatarUrl} alt="Selected avatar" className={classes.picture} />
            </div>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Stack gap="md">
            <Stack gap="xs">
              <Text fw={600}>Product image</Text>
              <ProductDropzone preview={props.preview} disabled={busy} onFile={props.onFile} />
            </Stack>
            <Textarea
              label="Interaction description"
              description="How should the avatar hold or use the product?"
              placeholder="e.g. Holding the bottle up next to her face and smiling at the camera"
              autosize
              minRows={3}
              maxLength={1000}
              value={props.prompt}
              disabled={busy}
              onChange={(event) => props.onPromptChange(event.currentTarget.value)}
            />
            <Group>
              <Button leftSection={<IconSparkles size={18} aria-hidden />} loading={busy} onClick={props.onGenerate}>
                {`Generate ${VARIATIONS_PER_REQUEST} variations`}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>

      {generation.active ? (
        <GenerationProgress label="Creating product variations" estimate={progressEstimates.avatar} job={generation.job} startedAt={generation.startedAt} />
      ) : null}

      {variations.length > 0 ? (
        <Stack gap="xs">
          <Text fw={600}>Choose a variation</Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {variations.map((url, index) => {
              const isChosen = index === chosen;
              return (
                <UnstyledButton
                  key={url}
                  className={classes.tile}
                  data-selected={isChosen || undefined}
                  style={frame}
                  aria-pressed={isChosen}
                  aria-label={`Variation ${index + 1}${isChosen ? ' Selected' : ''}`}
                  disabled={props.choosing || busy}
                  onClick={() => props.onChooseVariation(index)}
                >
                  <img src={url} alt={`Avatar with product, variation ${index + 1}`} className={classes.picture} />
                  {isChosen ? (
                    <Badge className={classes.tileBadge} leftSection={<IconCheck size={12} aria-hidden />}>
                      Selected
                    </Badge>
                  ) : null}
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        </Stack>
      ) : (
        <Paper withBorder radius="md" p="md" bg="gray.0">
          <Text size="sm" c="gray.7" ta="center">
            Your product variations will appear here.
          </Text>
        </Paper>
      )}

      <Group justify="space-between" gap="sm">
        <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={props.onBack}>
          Previous Step
        </Button>
        <Button rightSection={<IconArrowRight size={18} aria-hidden />} disabled={busy || skipping} onClick={props.onNext}>
          Continue to Video Generation
        </Button>
      </Group>
    </Stack>
  );
}
