import { AvatarStepView } from '../avatar/avatar-step-view.tsx';
import { useAvatarStep } from '../avatar/use-avatar-step.ts';
import type { WizardStepProps } from '../wizard-context.ts';

/** Step 3, Avatar & Setting (spec §2 'Step 3'). The slot's contract is described at the top of ../wizard-shell.tsx. */
export function StepAvatar(props: WizardStepProps) {
  return <AvatarStepView {...useAvatarStep(props)} />;
}
