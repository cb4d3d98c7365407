import { useVideoStep } from '../video/use-video-step.ts';
import { VideoStepHeading, VideoStepView } from '../video/video-step-view.tsx';
import type { WizardStepProps } from '../wizard-context.ts';

/** Step 5, Video Generation (spec §2 'Step 5'). The slot's contract is described at the top of ../wizard-shell.tsx. */
export function StepVideos(props: WizardStepProps) {
  const step = useVideoStep(props);
  return step ? <VideoStepView {...step} /> : <VideoStepHeading />;
}
