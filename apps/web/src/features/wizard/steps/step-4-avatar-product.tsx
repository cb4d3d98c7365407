import { Alert, Badge, Button, Grid, Group, Paper, SimpleGrid, Stack, Text, Textarea, Title, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  VARIATIONS_PER_REQUEST,
  WIZARD_STEPS,
  generationMessages,
  productGenerationError,
  productSelectionError,
  productSkipError,
  productUploadError,
  progressEstimates,
  type TitledError,
} from '@reelsmith/shared';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconCheck, IconPlayerSkipForward, IconSparkles } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { errorFacts } from '../../../lib/trpc-errors.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { cssAspectRatio } from '../../share/share-rules.ts';
import { ProductDropzone } from '../product/product-dropzone.tsx';
import { productFileProblem, productRequestProblem, readAsDataUrl, savedImageAsDataUrl } from '../product/product-rules.ts';
import classes from '../product/product.module.css';
import { selectedAvatarUrl, selectedProductIndex } from '../product/selection.ts';
import { GenerationProgress } from '../generation-progress.tsx';
import { useGeneration } from '../video/use-generation.ts';
import { useWizard, type WizardStepProps } from '../wizard-context.ts';

/** Spec §4: after Skip, step 5 opens 0.8 s later. */
const skipDelayMs = 800;

function showError(error: TitledError) {
  notifications.show({ color: 'red', title: error.title, message: error.description });
}

/** Step 4, Avatar-Product: the avatar holding the product, or skipped (spec §2 'Step 4'). The slot's contract is described at the top of ../wizard-shell.tsx. */
export function StepAvatarProduct({ project, onNext, onBack, onProjectChange }: WizardStepProps) {
  const { goToStep } = useWizard();
  const trpc = useTRPC();
  const assets = project?.assets ?? {};
  const avatarUrl = selectedAvatarUrl(assets);
  const savedProduct = assets.product ?? null;

  const [productDataUrl, setProductDataUrl] = useState<string | null>(null);
  const [prompt, setPrompt] = useState(project?.params.avatar_product?.interactionPrompt ?? '');
  const [skipping, setSkipping] = useState(false);
  const onNextRef = useRef(onNext);
  useEffect(() => {
    onNextRef.current = onNext;
  }, [onNext]);
  const skipTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(skipTimer.current), []);

  const generate = useMutation(
    trpc.generation.generateAvatarProduct.mutationOptions({
      onSuccess: (result) => onProjectChange(result.project),
      onError: (error) => showError(productGenerationError(errorFacts(error))),
    }),
  );
  const select = useMutation(
    trpc.projects.update.mutationOptions({
      onSuccess: onProjectChange,
      onError: (error) => showError(productSelectionError(errorFacts(error))),
    }),
  );
  const skip = useMutation(
    trpc.projects.update.mutationOptions({
      onSuccess: (saved) => {
        onProjectChange(saved);
        setSkipping(true);
        skipTimer.current = window.setTimeout(() => onNextRef.current(), skipDelayMs);
      },
      onError: (error) => showError(productSkipError(errorFacts(error))),
    }),
  );
  const activity = useGeneration(project?.id, 'avatar_product', generate.isPending, generate.submittedAt);
  const busy = activity.active;

  const heading = <Title order={2}>{WIZARD_STEPS[3]}</Title>;
  if (!project || !avatarUrl) {
    return (
      <Stack gap="lg">
        {heading}
        <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden />} title={generationMessages.noAvatarForProduct}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Choose or generate an avatar in Step 3 first; it will hold your product here.</Text>
            <Button leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={() => goToStep(3)}>
              Go Back to Step 3
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }

  const variations = assets.avatar_product?.variations ?? [];
  const chosen = selectedProductIndex(assets);
  const skipped = Boolean(assets.avatar_product?.skipped);
  const preview = productDataUrl ?? savedProduct;
  const frame = { aspectRatio: cssAspectRatio(project.aspect) };

  const onFile = (file: File) => {
    const problem = productFileProblem(file);
    if (problem) {
      showError(problem);
      return;
    }
    readAsDataUrl(file).then(setProductDataUrl, (error: unknown) => showError(productUploadError(errorFacts(error))));
  };

  const onGenerate = async () => {
    const problem = productRequestProblem({ hasAvatar: Boolean(avatarUrl), productImage: preview ?? '', interactionPrompt: prompt });
    if (problem) {
      notifications.show({ color: 'orange', title: 'Missing information', message: problem });
      return;
    }
    let image = productDataUrl;
    if (!image && savedProduct) {
      try {
        image = await savedImageAsDataUrl(savedProduct);
        setProductDataUrl(image);
      } catch (error) {
        showError(productUploadError(errorFacts(error)));
        return;
      }
    }
    if (!image) return;
    generate.mutate({ id: project.id, productImage: image, interactionPrompt: prompt.trim(), aspectRatio: project.aspect });
  };

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
          loading={skip.isPending}
          disabled={busy || skipping}
          onClick={() => skip.mutate({ id: project.id, assets: { avatar_product: { skipped: true } } })}
        >
          Skip
        </Button>
      </Group>
      {skipping || (skipped && chosen < 0) ? (
        <Alert color="gray" variant="light" icon={<IconPlayerSkipForward aria-hidden />}>
          {skipping ? 'Skipped — the avatar from Step 3 will be used. Opening Video Generation…' : 'This step was skipped; the avatar from Step 3 is used for the videos.'}
        </Alert>
      ) : null}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Stack gap="xs">
            <Text fw={600}>Selected avatar</Text>
            <div className={classes.avatarFrame} style={frame}>
              <img src={avatarUrl} alt="Selected avatar" className={classes.picture} />
            </div>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Stack gap="md">
            <Stack gap="xs">
              <Text fw={600}>Product image</Text>
              <ProductDropzone preview={preview} disabled={busy} onFile={onFile} />
            </Stack>
            <Textarea
              label="Interaction description"
              description="How should the avatar hold or use the product?"
              placeholder="e.g. Holding the bottle up next to her face and smiling at the camera"
              autosize
              minRows={3}
              maxLength={1000}
              value={prompt}
              disabled={busy}
              onChange={(event) => setPrompt(event.currentTarget.value)}
            />
            <Group>
              <Button leftSection={<IconSparkles size={18} aria-hidden />} loading={busy} onClick={() => void onGenerate()}>
                {`Generate ${VARIATIONS_PER_REQUEST} variations`}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>

      {activity.active ? (
        <GenerationProgress label="Creating product variations" estimate={progressEstimates.avatar} job={activity.job} startedAt={activity.startedAt} />
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
                  aria-label={`Variation ${index + 1}`}
                  disabled={select.isPending || busy}
                  onClick={() => select.mutate({ id: project.id, assets: { avatar_product: { selected: index } } })}
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
        <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={onBack}>
          Previous Step
        </Button>
        <Button rightSection={<IconArrowRight size={18} aria-hidden />} disabled={busy || skipping} onClick={onNext}>
          Continue to Video Generation
        </Button>
      </Group>
    </Stack>
  );
}
