import { Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { WIZARD_STEPS } from '@reelsmith/shared';

/** The six-step indicator: earlier steps done, the current one highlighted; vertical on small screens. */
export function WizardStepper({ active }: { active: number }) {
  const compact = useMediaQuery('(max-width: 62em)');
  return (
    <Stepper
      active={active}
      size="sm"
      orientation={compact ? 'vertical' : 'horizontal'}
      aria-label={`Project progress: step ${active + 1} of ${WIZARD_STEPS.length}`}
      allowNextStepsSelect={false}
    >
      {WIZARD_STEPS.map((label, index) => (
        <Stepper.Step key={label} label={`Step ${index + 1}`} description={label} />
      ))}
    </Stepper>
  );
}
