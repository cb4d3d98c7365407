import { audioPlaybackError, voiceoverError, voicesFetchError, type VoiceInfo } from '@reelsmith/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { errorFacts } from '../../../lib/trpc-errors.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { showError } from '../script/notify.ts';
import { useStepJob } from '../use-step-job.ts';
import type { WizardStepProps } from '../wizard-context.ts';
import { useVoicePreview } from './use-voice-preview.ts';
import { previewText, sceneSpeeds, voiceDetails } from './voice-rules.ts';
import type { VoiceList } from './voice-picker.tsx';
import type { VoiceStepViewProps } from './voice-step-view.tsx';

const voiceListStaleMs = 5 * 60_000;

/** Step 2's state and calls: voice filters and choice, previews, per-scene speeds, voiceover generation. */
export function useVoiceStep({ project, onNext, onBack, onProjectChange }: WizardStepProps): VoiceStepViewProps {
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

  const generate = useStepJob(project?.id, 'voiceover', trpc.generation.start.voiceover.mutationOptions());

  const onGenerate = async () => {
    if (!project || !selectedVoice) return;
    preview.stop();
    try {
      const result = await generate.run({
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

  const voiceList: VoiceList = voices.isPending
    ? { status: 'loading' }
    : voices.isError
      ? { status: 'error', error: voicesFetchError(errorFacts(voices.error)) }
      : { status: 'ready', voices: list };

  return {
    hasProject: project !== null,
    scenes,
    filters: { language, gender, age },
    onLanguageChange: setLanguage,
    onGenderChange: setGender,
    onAgeChange: setAge,
    voiceList,
    onRetryVoices: () => void voices.refetch(),
    voiceId,
    selectedVoice,
    onSelectVoice: setVoiceId,
    preview: preview.state,
    onPreview: (voice) => void preview.toggle(voice),
    speeds,
    onSpeedChange: (sceneId, value) => setSpeeds((current) => ({ ...current, [sceneId]: Math.round(value * 10) / 10 })),
    voiceover: project?.assets.voiceover ?? {},
    generating: generate.activity.active,
    generationJob: generate.activity.job,
    onGenerate: () => void onGenerate(),
    onAudioError: () => showError(audioPlaybackError),
    onNext,
    onBack,
  };
}
