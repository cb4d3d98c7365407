import { useVoiceStep } from '../voice/use-voice-step.ts';
import { VoiceStepView } from '../voice/voice-step-view.tsx';
import type { WizardStepProps } from '../wizard-context.ts';

/** Step 2, Voiceover (spec §2 'Step 2'). The slot's contract is described at the top of ../wizard-shell.tsx. */
export function StepVoiceover(props: WizardStepProps) {
  return <VoiceStepView {...useVoiceStep(props)} />;
}
