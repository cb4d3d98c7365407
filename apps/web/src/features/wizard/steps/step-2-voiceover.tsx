import { Alert, Badge, Button, Group, Loader, Paper, ScrollArea, Select, SimpleGrid, Slider, Stack, Text, Title } from '@mantine/core';
import {
  VOICE_SPEED,
  WIZARD_STEPS,
  audioPlaybackError,
  progressEstimates,
  scaleProgressEstimate,
  voiceoverError,
  voicesFetchError,
  type VoiceInfo,
} from '@reelsmith/shared';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconMicrophone } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { errorFacts } from '../../../lib/trpc-errors.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { GenerationProgress } from '../generation-progress.tsx';
import { showError } from '../script/notify.ts';
import { StepNav } from '../script/step-nav.tsx';
import { useProjectJobs } from '../use-project-jobs.ts';
import type { WizardStepProps } from '../wizard-context.ts';
import { useVoicePreview } from '../voice/use-voice-preview.ts';
import { VoiceCard } from '../voice/voice-card.tsx';
import {
  ageOptions,
  allScenesVoiced,
  genderOptions,
  languageOptions,
  previewText,
  sceneSpeeds,
  speedLabel,
  speedSteps,
  voiceDetails,
} from '../voice/voice-rules.ts';

const voiceListStaleMs = 5 * 60_000;
const speedMarks = speedSteps().map((value) => ({ value, label: value === VOICE_SPEED.min || value === VOICE_SPEED.default || value === VOICE_SPEED.max ? `${value.toFixed(1)}x` : undefined }));

/** Step 2, Voiceover: voice filters and cards, per-scene speed, generated audio (spec §2 'Step 2'). The slot's contract is described at the top of ../wizard-shell.tsx. */
export function StepVoiceover({ project, onNext, onBack, onProjectChange }: WizardStepProps) {
  const trpc = useTRPC();
  const saved = project?.params.voiceover;
  const scenes = project?.scenes ?? [];

  // Saved choices are read once, when the step opens (spec §4).
  const [language, setLanguage] = useState(saved?.language ?? '');
  const [gender, setGender] = useState(saved?.gender ?? '');
  const [age, setAge] = useState(saved?.age ?? '');
  const [voiceId, setVoiceId] = useState<string | null>(saved?.voiceId ?? null);
  const [speeds, setSpeeds] = useState<Record<string, number>>(() => ({ ...(saved?.sceneSpeedSettings ?? {}) }));

  const filter = {
    ...(language ? { language } : {}),
    ...(gender ? { gender: gender as VoiceInfo['gender'] } : {}),
    ...(age ? { age: age as VoiceInfo['age'] } : {}),
  };
  const voices = useQuery(trpc.generation.voices.queryOptions(filter, { staleTime: voiceListStaleMs }));
  const catalogue = useQuery(trpc.generation.voices.queryOptions({}, { staleTime: voiceListStaleMs }));
  const list = voices.data ?? [];
  const firstVoiceId = list[0]?.id;

  // The first voice is chosen when the list loads and nothing is chosen yet.
  useEffect(() => {
    if (voiceId === null && firstVoiceId) setVoiceId(firstVoiceId);
  }, [voiceId, firstVoiceId]);

  const selectedVoice = [...list, ...(catalogue.data ?? [])].find((voice) => voice.id === voiceId);
  const script = project?.params.script;
  const textFor = useCallback((voice: VoiceInfo) => previewText(script, scenes, voice.name), [script, scenes]);
  const preview = useVoicePreview(textFor);

  const jobs = useProjectJobs(project?.id);
  const generate = useMutation(trpc.generation.generateVoiceover.mutationOptions());
  const voiceover = project?.assets.voiceover ?? {};
  const voiced = allScenesVoiced(scenes, voiceover);
  const hasAnyAudio = scenes.some((scene) => Boolean(voiceover[scene.sceneId]));

  const onGenerate = async () => {
    if (!project || !selectedVoice) return;
    preview.stop();
    try {
      const result = await generate.mutateAsync({
        id: project.id,
        voiceId: selectedVoice.id,
        language: selectedVoice.language,
        gender: selectedVoice.gender,
        age: selectedVoice.age,
        voiceDetails: voiceDetails(selectedVoice),
        sceneSpeedSettings: sceneSpeeds(scenes, speeds),
        oneVoiceForAll: true,
        changedScenesOnly: false,
      });
      onProjectChange(result.project);
    } catch (error) {
      showError(voiceoverError(errorFacts(error)));
    }
  };

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

      <Stack gap="sm" component="section" aria-label="Voices">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Select label="Language" data={languageOptions} value={language} allowDeselect={false} onChange={(value) => setLanguage(value ?? '')} />
          <Select label="Gender" data={genderOptions} value={gender} allowDeselect={false} onChange={(value) => setGender(value ?? '')} />
          <Select label="Age group" data={ageOptions} value={age} allowDeselect={false} onChange={(value) => setAge(value ?? '')} />
        </SimpleGrid>
        <Paper withBorder radius="md">
          <ScrollArea h={400} type="auto" offsetScrollbars p="sm" aria-label="Voice list">
            {voices.isPending ? (
              <Group justify="center" py="xl">
                <Loader size="sm" aria-label="Loading voices" />
              </Group>
            ) : voices.isError ? (
              <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={voicesFetchError(errorFacts(voices.error)).title}>
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{voicesFetchError(errorFacts(voices.error)).description}</Text>
                  <Button size="xs" variant="light" color="red" onClick={() => void voices.refetch()}>
                    Try again
                  </Button>
                </Stack>
              </Alert>
            ) : list.length === 0 ? (
              <Text c="gray.7" ta="center" py="xl">
                No voices match these filters.
              </Text>
            ) : (
              <Stack gap="xs">
                {list.map((voice) => (
                  <VoiceCard
                    key={voice.id}
                    voice={voice}
                    selected={voice.id === voiceId}
                    preview={preview.state}
                    onSelect={() => setVoiceId(voice.id)}
                    onPreview={() => void preview.toggle(voice)}
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

      {scenes.length > 0 ? (
        <Stack gap="sm" component="section" aria-label="Scene voiceover">
          <Title order={3} size="h4">
            Speed and audio per scene
          </Title>
          {scenes.map((scene, index) => {
            const speed = sceneSpeeds([scene], speeds)[scene.sceneId] ?? VOICE_SPEED.default;
            const audio = voiceover[scene.sceneId];
            return (
              <Paper key={scene.sceneId} withBorder radius="md" p="md" component="article" aria-label={`Scene ${index + 1} voiceover`}>
                <Stack gap="sm">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text fw={600}>
                        Scene {index + 1}
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
                    thumbLabel={`Speed for scene ${index + 1}`}
                    disabled={generate.isPending}
                    onChange={(value) => setSpeeds((current) => ({ ...current, [scene.sceneId]: Math.round(value * 10) / 10 }))}
                    mb="md"
                  />
                  {audio ? (
                    <audio
                      controls
                      preload="none"
                      src={audio}
                      aria-label={`Voiceover for scene ${index + 1}`}
                      style={{ width: '100%' }}
                      onError={() => showError(audioPlaybackError)}
                    />
                  ) : null}
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      ) : null}

      {generate.isPending ? (
        <GenerationProgress
          label="Generating voiceover"
          estimate={scaleProgressEstimate(progressEstimates.voicePerScene, scenes.length)}
          job={jobs.latestJobOf('voiceover')}
        />
      ) : null}

      <Group>
        <Button
          leftSection={<IconMicrophone size={18} aria-hidden />}
          loading={generate.isPending}
          disabled={!project || !selectedVoice || scenes.length === 0 || generate.isPending}
          onClick={() => void onGenerate()}
        >
          {hasAnyAudio ? 'Regenerate Voiceover' : 'Generate Voiceover'}
        </Button>
      </Group>

      <StepNav>
        <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={onBack}>
          Previous: Script
        </Button>
        <Button rightSection={<IconArrowRight size={18} aria-hidden />} disabled={!voiced || generate.isPending} onClick={onNext}>
          Next: Avatar &amp; Setting
        </Button>
      </StepNav>
    </Stack>
  );
}
