import { ActionIcon, Alert, Badge, Box, Button, Group, Image, SimpleGrid, Stack, Tabs, Text, Textarea, Title } from '@mantine/core';
import {
  WIZARD_STEPS,
  avatarErrorText,
  avatarGenerationError,
  avatarInvalidFileTypeError,
  avatarSelectionError,
  avatarSuggestionError,
  avatarUploadError,
  progressEstimates,
  removeImageError,
  type AspectRatio,
} from '@reelsmith/shared';
import { IconArrowLeft, IconArrowRight, IconPhoto, IconSparkles, IconTrash, IconUpload, IconWand } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorFacts } from '../../../lib/trpc-errors.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { AvatarGallery } from '../avatar/avatar-gallery.tsx';
import {
  aspectOptions,
  avatarModelOptions,
  continueHint,
  cssAspect,
  isAcceptedImageFile,
  readAsDataUrl,
  removalPatch,
  selectedAvatarUrl,
  type AvatarModel,
  type GalleryItem,
} from '../avatar/avatar-rules.ts';
import { ChoiceCard } from '../avatar/choice-card.tsx';
import { UploadZone } from '../avatar/upload-zone.tsx';
import { GenerationProgress } from '../generation-progress.tsx';
import { showError } from '../script/notify.ts';
import { StepNav } from '../script/step-nav.tsx';
import { useProjectJobs } from '../use-project-jobs.ts';
import type { WizardStepProps } from '../wizard-context.ts';

function isAvatarModel(value: string | undefined): value is AvatarModel {
  return avatarModelOptions.some((option) => option.value === value);
}

/** Step 3, Avatar & Setting: AI-generated or uploaded avatars, aspect ratio, the chosen avatar (spec §2 'Step 3'). The slot's contract is described at the top of ../wizard-shell.tsx. */
export function StepAvatar({ project, onNext, onBack, onProjectChange }: WizardStepProps) {
  const trpc = useTRPC();
  const avatar = project?.assets.avatar;
  const savedModel = project?.params.avatar?.model;

  const [tab, setTab] = useState<string | null>('ai');
  const [descriptionDraft, setDescriptionDraft] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [modelDraft, setModelDraft] = useState<AvatarModel | null>(null);
  const description = descriptionDraft ?? project?.params.avatar?.combinedPrompt ?? '';
  const model: AvatarModel = modelDraft ?? (isAvatarModel(savedModel) ? savedModel : 'google-imagen-4-ultra');
  const aspect = project?.aspect ?? '9:16';

  const jobs = useProjectJobs(project?.id);
  const suggest = useMutation(trpc.generation.avatarPrompt.mutationOptions());
  const generate = useMutation(trpc.generation.generateAvatar.mutationOptions());
  const upload = useMutation(trpc.generation.uploadAvatar.mutationOptions());
  const patch = useMutation(trpc.projects.patch.mutationOptions());
  const busy = generate.isPending || upload.isPending;

  const onSuggest = async () => {
    if (!project || project.scenes.length === 0) return;
    const voice = project.params.voiceover;
    try {
      const result = await suggest.mutateAsync({
        scenes: project.scenes.map(({ title, text }) => ({ title, text })),
        projectTitle: project.title,
        projectScript: project.params.script ?? '',
        ...(voice ? { voiceData: { ...(voice.gender ? { gender: voice.gender } : {}), ...(voice.age ? { age: voice.age } : {}) } } : {}),
      });
      setDescriptionDraft(result.combinedPrompt);
    } catch (error) {
      showError(avatarSuggestionError(errorFacts(error)));
    }
  };

  const onGenerate = async () => {
    if (!project || description.trim() === '') return;
    try {
      const result = await generate.mutateAsync({ id: project.id, combinedPrompt: description.trim(), model, aspectRatio: aspect });
      onProjectChange(result.project);
    } catch (error) {
      showError(avatarGenerationError(errorFacts(error)));
    }
  };

  const onAspect = async (next: AspectRatio) => {
    if (!project || next === aspect) return;
    try {
      onProjectChange(await patch.mutateAsync({ id: project.id, aspect: next }));
    } catch (error) {
      showError(avatarSelectionError(errorFacts(error)));
    }
  };

  const onFile = async (file: File) => {
    if (!project) return;
    if (!isAcceptedImageFile(file)) {
      showError(avatarInvalidFileTypeError);
      return;
    }
    try {
      const image = await readAsDataUrl(file);
      const result = await upload.mutateAsync({ id: project.id, image, filename: file.name });
      onProjectChange(result.project);
    } catch (error) {
      const facts = errorFacts(error);
      showError(facts.message.trim() === avatarErrorText.invalidFileType ? avatarInvalidFileTypeError : avatarUploadError(facts));
    }
  };

  const onRemove = async (url: string) => {
    if (!project) return;
    setRemoving(url);
    try {
      onProjectChange(await patch.mutateAsync({ id: project.id, ...removalPatch(avatar, url) }));
    } catch (error) {
      showError(removeImageError(errorFacts(error)));
    } finally {
      setRemoving(null);
    }
  };

  const onChoose = async (item: GalleryItem) => {
    if (!project) return;
    try {
      onProjectChange(await patch.mutateAsync({ id: project.id, selectedAvatar: item.selection }));
    } catch (error) {
      showError(avatarSelectionError(errorFacts(error)));
    }
  };

  const hasScenes = (project?.scenes.length ?? 0) > 0;
  const uploaded = avatar?.uploaded ?? [];
  const selectedUrl = selectedAvatarUrl(avatar);
  const hint = continueHint(avatar);

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={2}>{WIZARD_STEPS[2]}</Title>
        <Text c="gray.7">Create the person who presents your video with AI, or upload your own photo, then choose one.</Text>
      </Stack>

      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List grow style={{ flexWrap: 'nowrap' }}>
          <Tabs.Tab value="ai" px="xs" leftSection={<IconSparkles size={16} aria-hidden />}>
            Generate with AI
          </Tabs.Tab>
          <Tabs.Tab value="upload" px="xs" leftSection={<IconUpload size={16} aria-hidden />}>
            Upload Your Own
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="ai" pt="lg">
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
                  loading={suggest.isPending}
                  disabled={!hasScenes || busy}
                  onClick={() => void onSuggest()}
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
                onChange={(event) => setDescriptionDraft(event.currentTarget.value)}
              />
              {!hasScenes ? (
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
                    disabled={busy || patch.isPending}
                    label={`${option.value} ${option.label}`}
                    onClick={() => void onAspect(option.value)}
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
                  <ChoiceCard key={option.value} selected={option.value === model} disabled={busy} label={option.name} onClick={() => setModelDraft(option.value)}>
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
                loading={generate.isPending}
                disabled={!project || description.trim() === '' || busy}
                onClick={() => void onGenerate()}
              >
                Generate 4 Avatar Variations
              </Button>
            </Group>
            {generate.isPending ? <GenerationProgress label="Generating avatars" estimate={progressEstimates.avatar} job={jobs.latestJobOf('avatars')} /> : null}
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="upload" pt="lg">
          <Stack gap="lg">
            <UploadZone uploading={upload.isPending} onFile={(file) => void onFile(file)} />
            {uploaded.length > 0 ? (
              <Stack gap={6}>
                <Text fw={600} size="sm">
                  Your uploads
                </Text>
                <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs">
                  {uploaded.map((url, index) => (
                    <Box key={url} pos="relative">
                      <Image src={url} alt={`Uploaded avatar ${index + 1}`} radius="md" fit="cover" style={{ aspectRatio: '1 / 1' }} />
                      {url === selectedUrl ? (
                        <Badge size="xs" style={{ position: 'absolute', left: 4, bottom: 4 }}>
                          Selected
                        </Badge>
                      ) : null}
                      <ActionIcon
                        variant="white"
                        color="red"
                        size="sm"
                        radius="xl"
                        aria-label={`Remove uploaded avatar ${index + 1}`}
                        loading={removing === url}
                        disabled={patch.isPending}
                        style={{ position: 'absolute', top: 4, right: 4 }}
                        onClick={() => void onRemove(url)}
                      >
                        <IconTrash size={14} aria-hidden />
                      </ActionIcon>
                    </Box>
                  ))}
                </SimpleGrid>
              </Stack>
            ) : null}
          </Stack>
        </Tabs.Panel>
      </Tabs>

      <Stack gap="sm" component="section" aria-label="Choose your avatar">
        <Group gap="xs">
          <IconPhoto size={20} aria-hidden />
          <Title order={3} size="h4">
            Choose your avatar
          </Title>
        </Group>
        <AvatarGallery avatar={avatar} aspect={aspect} disabled={patch.isPending || busy} onChoose={(item) => void onChoose(item)} />
      </Stack>

      {hint ? (
        <Alert variant="light" color="gray" py="xs">
          {hint}
        </Alert>
      ) : null}

      <StepNav>
        <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={onBack}>
          Back to Step 2
        </Button>
        <Button rightSection={<IconArrowRight size={18} aria-hidden />} disabled={!selectedUrl || busy || patch.isPending} onClick={onNext}>
          Continue to Step 4
        </Button>
      </StepNav>
    </Stack>
  );
}
