import type { ComponentType } from 'react';
import type { WizardStepProps } from '../wizard-context.ts';
import { StepScript } from './step-1-script.tsx';
import { StepVoiceover } from './step-2-voiceover.tsx';
import { StepAvatar } from './step-3-avatar.tsx';
import { StepAvatarProduct } from './step-4-avatar-product.tsx';
import { StepVideos } from './step-5-videos.tsx';
import { StepFinal } from './step-6-final.tsx';

/** The step bodies in order: index 0 is step 1 (WIZARD_STEPS gives their names). */
export const wizardStepBodies: readonly ComponentType<WizardStepProps>[] = [
  StepScript,
  StepVoiceover,
  StepAvatar,
  StepAvatarProduct,
  StepVideos,
  StepFinal,
];
