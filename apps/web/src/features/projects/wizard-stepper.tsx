import { Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { WIZARD_STEPS } from '@reelsmith/shared';

/**
 * The six-step indicator: earlier steps done, the current one highlighted. Below 62em the labelled
 * steps no longer fit a row: they stack (`compact="vertical"`), or shrink to numbered dots when the
 * step's name is shown nearby (`compact="dots"`). With `onStepClick`, finished steps go back to them.
 */
export function WizardStepper({
  active,
  compact = 'vertical',
  onStepClick,
}: {
  active: number;
  compact?: 'vertical' | 'dots';
  onStepClick?: (index: number) => void;
}) {
  const narrow = useMediaQuery('(max-width: 62em)');
  const dots = narrow && compact === 'dots';
  return (
    <Stepper
      active={active}
      size="sm"
      orientation={narrow && !dots ? 'vertical' : 'horizontal'}
      aria-label={`Project progress: step ${active + 1} of ${WIZARD_STEPS.length}`}
      allowNextStepsSelect={false}
      {...(dots ? { iconSize: 30, styles: { separator: { marginInline: 4 } } } : {})}
      {...(onStepClick ? { onStepClick } : {})}
    >
      {WIZARD_STEPS.map((label, index) =>
        dots ? (
          <Stepper.Step key={label} aria-label={`Step ${index + 1}: ${label}`} />
        ) : (
          <Stepper.Step key={label} label={`Step ${index + 1}`} description={label} />
        ),
      )}
    </Stepper>
  );
}
