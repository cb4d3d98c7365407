import { Alert, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  SCRIPT_MAX_CHARS,
  WIZARD_STEPS,
  progressEstimates,
  saveScenesError,
  sceneCountFor,
  sceneDurationFor,
  sceneGenerationError,
  sceneRegenerationError,
  type Scene,
} from '@reelsmith/shared';
import { IconArrowRight, IconSparkles } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ActionRow } from '../../../components/action-row.tsx';
import { errorFacts } from '../../../lib/trpc-errors.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { useUpgradeDialog } from '../../billing/upgrade-dialog-provider.tsx';
import { useCurrentSubscription } from '../../billing/use-current-subscription.ts';
import { DurationChangeDialog } from '../script/duration-change-dialog.tsx';
import { DurationPicker } from '../script/duration-picker.tsx';
import { GenerationProgress } from '../generation-progress.tsx';
import { showError, showSuccess } from '../script/notify.ts';
import { SceneCard } from '../script/scene-card.tsx';
import { defaultReelTime, editScene, replaceScene, scenesReady, type SceneEdit } from '../script/script-rules.ts';
import { useEnsureProject } from '../use-ensure-project.ts';
import type { WizardStepProps } from '../wizard-context.ts';

/** Step 1, Script & Scenes: duration, script, generated and editable scenes (spec §2 'Step 1'). The slot's contract is described at the top of ../wizard-shell.tsx. */
export function StepScript({ project, onNext, onProjectChange }: WizardStepProps) {
  const trpc = useTRPC();
  const ensureProject = useEnsureProject();
  const openUpgrade = useUpgradeDialog();
  const subscription = useCurrentSubscription();
  const plan = subscription.data;

  // Drafts over the saved project: null means 'as saved'.
  const [reelTimeDraft, setReelTimeDraft] = useState<number | null>(null);
  const [scriptDraft, setScriptDraft] = useState<string | null>(null);
  const [scenesDraft, setScenesDraft] = useState<Scene[] | null>(null);
  const [askedDuration, setAskedDuration] = useState<number | null>(null);
  const [regeneratingIndex, setRegeneratingIndex] = useState<number | 'all' | null>(null);

  const reelTime = reelTimeDraft ?? defaultReelTime(project?.reelTime, plan);
  const script = scriptDraft ?? project?.params.script ?? '';
  const scenes = scenesDraft ?? project?.scenes ?? [];

  const generate = useMutation(trpc.generation.generateScenes.mutationOptions());
  const regenerate = useMutation(trpc.generation.regenerateScene.mutationOptions());
  const save = useMutation(trpc.projects.update.mutationOptions());
  const busy = generate.isPending || regenerate.isPending || save.isPending;

  const onGenerate = async () => {
    let saved;
    try {
      saved = await ensureProject({ reelTime });
    } catch {
      return; // ensureProject has shown 'Failed to create project'.
    }
    try {
      const result = await generate.mutateAsync({
        id: saved.id,
        script,
        reelTime,
        sceneCount: sceneCountFor(reelTime),
        sceneDuration: sceneDurationFor(reelTime),
      });
      onProjectChange(result.project);
      setScenesDraft(result.scenes);
    } catch (error) {
      showError(sceneGenerationError(errorFacts(error)));
    }
  };

  const runRegeneration = async (index: number | null, duration: number) => {
    if (!project) return false;
    setRegeneratingIndex(index ?? 'all');
    try {
      const result = await regenerate.mutateAsync({ id: project.id, sceneIndex: index, regenerateAll: index === null, reelTime: duration, script });
      onProjectChange(result.project);
      setScenesDraft(index === null ? result.scenes : replaceScene(scenes, index, result.scenes[index]));
      showSuccess('Scenes updated', result.message);
      return true;
    } catch (error) {
      showError(sceneRegenerationError(errorFacts(error)));
      return false;
    } finally {
      setRegeneratingIndex(null);
    }
  };

  const onPickDuration = (duration: number) => {
    if (duration === reelTime) return;
    if (scenes.length > 0) setAskedDuration(duration);
    else setReelTimeDraft(duration);
  };

  const onRegenerateAll = async () => {
    const duration = askedDuration;
    if (duration === null) return;
    const previous = reelTime;
    setAskedDuration(null);
    setReelTimeDraft(duration);
    const done = await runRegeneration(null, duration);
    if (!done) setReelTimeDraft(previous);
  };

  const onEdit = (index: number, edit: SceneEdit) => {
    setScenesDraft(scenes.map((scene, i) => (i === index ? editScene(scene, edit) : scene)));
  };

  const onSaveAndNext = async () => {
    if (!project) return;
    try {
      const saved = await save.mutateAsync({ id: project.id, scenes, reelTime, currentStep: Math.max(2, project.currentStep) });
      onProjectChange(saved);
      setScenesDraft(null);
      setReelTimeDraft(null);
      onNext();
    } catch (error) {
      showError(saveScenesError(errorFacts(error)));
    }
  };

  const over = script.length > SCRIPT_MAX_CHARS;
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={2}>{WIZARD_STEPS[0]}</Title>
        <Text c="gray.7">Pick the length of your video, write or paste your script, and let AI split it into scenes you can edit.</Text>
      </Stack>

      <DurationPicker
        value={reelTime}
        plan={plan}
        disabled={busy}
        onPick={onPickDuration}
        onLocked={() => openUpgrade('upgrade')}
      />

      <Stack gap={6}>
        <Textarea
          label="Your script"
          description="What should your avatar say? Describe your product, offer or message."
          placeholder="Tired of dull product videos? Meet…"
          value={script}
          autosize
          minRows={6}
          maxRows={16}
          disabled={busy}
          error={over ? `Script too long: keep it under ${SCRIPT_MAX_CHARS} characters.` : undefined}
          onChange={(event) => setScriptDraft(event.currentTarget.value)}
        />
        <Text size="xs" c={over ? 'red.7' : 'gray.7'} ta="right" aria-live="polite" aria-label="Script length">
          {script.length} / {SCRIPT_MAX_CHARS} characters
        </Text>
      </Stack>

      <Group>
        <Button
          leftSection={<IconSparkles size={18} aria-hidden />}
          loading={generate.isPending}
          disabled={script.trim() === '' || busy}
          onClick={() => void onGenerate()}
        >
          Generate Scenes
        </Button>
      </Group>

      {generate.isPending ? <GenerationProgress label="Generating scenes" estimate={progressEstimates.scenes} /> : null}
      {regeneratingIndex === 'all' ? <GenerationProgress label="Regenerating all scenes" estimate={progressEstimates.scenes} /> : null}

      {scenes.length > 0 ? (
        <Stack gap="sm" component="section" aria-label="Scenes">
          <Group justify="space-between" align="baseline">
            <Title order={3} size="h4">
              Scenes
            </Title>
            <Text size="sm" c="gray.7">
              {scenes.length} scenes · {Math.round(scenes.reduce((sum, scene) => sum + scene.durationSeconds, 0))} s of {reelTime} s
            </Text>
          </Group>
          {scenes.map((scene, index) => (
            <SceneCard
              key={scene.sceneId}
              scene={scene}
              index={index}
              regenerating={regeneratingIndex === index}
              disabled={busy}
              onEdit={(edit) => onEdit(index, edit)}
              onRegenerate={() => void runRegeneration(index, reelTime)}
            />
          ))}
        </Stack>
      ) : (
        <Alert variant="light" color="gray" title="No scenes yet">
          Write your script and press Generate Scenes: the scenes appear here, ready to edit.
        </Alert>
      )}

      <ActionRow>
        <Button
          rightSection={<IconArrowRight size={18} aria-hidden />}
          loading={save.isPending}
          disabled={!project || !scenesReady(scenes) || busy}
          onClick={() => void onSaveAndNext()}
        >
          Next Step: Voiceover
        </Button>
      </ActionRow>

      <DurationChangeDialog
        duration={askedDuration}
        onCancel={() => setAskedDuration(null)}
        onKeep={() => {
          setReelTimeDraft(askedDuration);
          setAskedDuration(null);
        }}
        onRegenerate={() => void onRegenerateAll()}
      />
    </Stack>
  );
}
