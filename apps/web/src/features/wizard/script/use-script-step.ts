import {
  saveScenesError,
  sceneCountFor,
  sceneDurationFor,
  sceneGenerationError,
  sceneRegenerationError,
  type Scene,
} from '@reelsmith/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorFacts } from '../../../lib/trpc-errors.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { useUpgradeDialog } from '../../billing/upgrade-dialog-provider.tsx';
import { useCurrentSubscription } from '../../billing/use-current-subscription.ts';
import { useEnsureProject } from '../use-ensure-project.ts';
import type { WizardStepProps } from '../wizard-context.ts';
import { showError, showSuccess } from './notify.ts';
import { defaultReelTime, editScene, replaceScene, type SceneEdit } from './script-rules.ts';
import type { ScriptStepViewProps } from './script-step-view.tsx';

/** Step 1's state and calls: drafts over the saved project, scene generation, regeneration and saving. */
export function useScriptStep({ project, onNext, onProjectChange }: WizardStepProps): ScriptStepViewProps {
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

  const onEditScene = (index: number, edit: SceneEdit) => {
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

  return {
    hasProject: project !== null,
    plan,
    reelTime,
    script,
    scenes,
    busy,
    generating: generate.isPending,
    saving: save.isPending,
    regeneratingIndex,
    askedDuration,
    onPickDuration,
    onLockedDuration: () => openUpgrade('upgrade'),
    onScriptChange: setScriptDraft,
    onGenerate: () => void onGenerate(),
    onEditScene,
    onRegenerateScene: (index) => void runRegeneration(index, reelTime),
    onSaveAndNext: () => void onSaveAndNext(),
    onCancelDurationChange: () => setAskedDuration(null),
    onKeepScenes: () => {
      setReelTimeDraft(askedDuration);
      setAskedDuration(null);
    },
    onRegenerateAll: () => void onRegenerateAll(),
  };
}
