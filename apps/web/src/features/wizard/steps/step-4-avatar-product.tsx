import { ProductStepMissingAvatar, ProductStepView } from '../product/product-step-view.tsx';
import { useProductStep } from '../product/use-product-step.ts';
import type { WizardStepProps } from '../wizard-context.ts';

/** Step 4, Avatar-Product (spec §2 'Step 4'). The slot's contract is described at the top of ../wizard-shell.tsx. */
export function StepAvatarProduct(props: WizardStepProps) {
  const step = useProductStep(props);
  return step.kind === 'ready' ? <ProductStepView {...step} /> : <ProductStepMissingAvatar onGoToAvatar={step.onGoToAvatar} />;
}
