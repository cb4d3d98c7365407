import { notifications } from '@mantine/notifications';
import { productGenerationError, productSelectionError, productSkipError, productUploadError, type TitledError } from '@reelsmith/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { errorFacts } from '../../../lib/trpc-errors.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { useStepJob } from '../use-step-job.ts';
import { useWizard, type WizardStepProps } from '../wizard-context.ts';
import type { ProductStepState } from './product-step-view.tsx';
import { productFileProblem, productRequestProblem, readAsDataUrl, savedImageAsDataUrl } from './product-rules.ts';
import { selectedAvatarUrl, selectedProductIndex } from './selection.ts';

/** Spec §4: after Skip, step 5 opens 0.8 s later. */
const skipDelayMs = 800;

function showError(error: TitledError) {
  notifications.show({ color: 'red', title: error.title, message: error.description });
}

/** Step 4's state and calls: the product image, the interaction prompt, generation, the chosen variation, skipping. */
export function useProductStep({ project, onNext, onBack, onProjectChange }: WizardStepProps): ProductStepState {
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

  const generate = useStepJob(project?.id, 'avatar_product', trpc.generation.start.avatarProduct.mutationOptions());
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
  const activity = generate.activity;

  if (!project || !avatarUrl) return { kind: 'missing-avatar', onGoToAvatar: () => goToStep(3) };

  const preview = productDataUrl ?? savedProduct;

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
    generate.run({ id: project.id, productImage: image, interactionPrompt: prompt.trim(), aspectRatio: project.aspect }).then(
      (result) => onProjectChange(result.project),
      (error: unknown) => showError(productGenerationError(errorFacts(error))),
    );
  };

  return {
    kind: 'ready',
    avatarUrl,
    aspect: project.aspect,
    preview,
    onFile,
    prompt,
    onPromptChange: setPrompt,
    generation: activity,
    onGenerate: () => void onGenerate(),
    skipping,
    skipSaving: skip.isPending,
    skipped: Boolean(assets.avatar_product?.skipped),
    onSkip: () => skip.mutate({ id: project.id, assets: { avatar_product: { skipped: true } } }),
    variations: assets.avatar_product?.variations ?? [],
    chosen: selectedProductIndex(assets),
    choosing: select.isPending,
    onChooseVariation: (index) => select.mutate({ id: project.id, assets: { avatar_product: { selected: index } } }),
    onNext,
    onBack,
  };
}
