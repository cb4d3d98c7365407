import { ScriptStepView } from '../script/script-step-view.tsx';
import { useScriptStep } from '../script/use-script-step.ts';
import type { WizardStepProps } from '../wizard-context.ts';

/** Step 1, Script & Scenes (spec §2 'Step 1'). The slot's contract is described at the top of ../wizard-shell.tsx. */
export function StepScript(props: WizardStepProps) {
  return <ScriptStepView {...useScriptStep(props)} />;
}
