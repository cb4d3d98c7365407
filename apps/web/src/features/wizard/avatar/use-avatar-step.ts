import {
  avatarErrorText,
  avatarGenerationError,
  avatarInvalidFileTypeError,
  avatarSelectionError,
  avatarSuggestionError,
  avatarUploadError,
  removeImageError,
  type AspectRatio,
} from '@reelsmith/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorFacts } from '../../../lib/trpc-errors.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { showError } from '../script/notify.ts';
import { useStepJob } from '../use-step-job.ts';
import type { WizardStepProps } from '../wizard-context.ts';
import { avatarModelOptions, isAcceptedImageFile, readAsDataUrl, removalPatch, type AvatarModel, type GalleryItem } from './avatar-rules.ts';
import type { AvatarStepViewProps } from './avatar-step-view.tsx';

function isAvatarModel(value: string | undefined): value is AvatarModel {
  return avatarModelOptions.some((option) => option.value === value);
}

/** Step 3's state and calls: the description and its AI suggestion, aspect, model, generation, uploads and the choice. */
export function useAvatarStep({ project, onNext, onBack, onProjectChange }: WizardStepProps): AvatarStepViewProps {
  const trpc = useTRPC();
  const avatar = project?.assets.avatar;
  const savedModel = project?.params.avatar?.model;

  const [descriptionDraft, setDescriptionDraft] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [modelDraft, setModelDraft] = useState<AvatarModel | null>(null);
  const description = descriptionDraft ?? project?.params.avatar?.combinedPrompt ?? '';
  const model: AvatarModel = modelDraft ?? (isAvatarModel(savedModel) ? savedModel : 'google-imagen-4-ultra');
  const aspect = project?.aspect ?? '9:16';

  const suggest = useMutation(trpc.generation.avatarPrompt.mutationOptions());
  const generate = useStepJob(project?.id, 'avatars', trpc.generation.start.avatars.mutationOptions());
  const upload = useMutation(trpc.generation.uploadAvatar.mutationOptions());
  const patch = useMutation(trpc.projects.patch.mutationOptions());

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
      const result = await generate.run({ id: project.id, combinedPrompt: description.trim(), model, aspectRatio: aspect });
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

  return {
    hasProject: project !== null,
    hasScenes: (project?.scenes.length ?? 0) > 0,
    avatar,
    description,
    onDescriptionChange: setDescriptionDraft,
    suggesting: suggest.isPending,
    onSuggest: () => void onSuggest(),
    aspect,
    onAspectChange: (next) => void onAspect(next),
    model,
    onModelChange: setModelDraft,
    generating: generate.activity.active,
    generationJob: generate.activity.job,
    onGenerate: () => void onGenerate(),
    uploading: upload.isPending,
    onFile: (file) => void onFile(file),
    removing,
    onRemove: (url) => void onRemove(url),
    saving: patch.isPending,
    onChoose: (item) => void onChoose(item),
    onNext,
    onBack,
  };
}
