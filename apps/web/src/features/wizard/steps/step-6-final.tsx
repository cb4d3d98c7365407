import { FinalStepHeading, FinalStepView } from '../final/final-step-view.tsx';
import { useFinalStep } from '../final/use-final-step.ts';
import type { WizardStepProps } from '../wizard-context.ts';

/** Step 6, Merge & Export (spec §2 'Step 6'). The slot's contract is described at the top of ../wizard-shell.tsx. */
export function StepFinal(props: WizardStepProps) {
  const step = useFinalStep(props);
  return step ? <FinalStepView {...step} /> : <FinalStepHeading />;
}
