import { notifications } from '@mantine/notifications';
import { classifyError, progressEstimates, scaleProgressEstimate, type ClassifiedError, type Project, type Quality } from '@reelsmith/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorFacts, httpStatusOf } from '../../../lib/trpc-errors.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { showDownloadLockedToast } from '../../billing/download-locked-toast.tsx';
import { useCurrentSubscription } from '../../billing/use-current-subscription.ts';
import { cssAspectRatio } from '../../share/share-rules.ts';
import { selectedPictureUrl } from '../product/selection.ts';
import type { WizardStepProps } from '../wizard-context.ts';
import { useStepJob } from '../use-step-job.ts';
import type { VideoStepViewProps } from './video-step-view.tsx';
import { isOverReelTime } from '../reel-time.ts';
import { effectiveQuality, isQualityLocked, sceneSeconds, totalSeconds, videoCoverage } from './video-rules.ts';

/**
 * Step 5's state and calls: the quality (HD only on plans that have it), generating every scene's
 * video, failures, downloads. Null until there is a project.
 */
export function useVideoStep({ project, onNext, onBack, onProjectChange }: WizardStepProps): VideoStepViewProps | null {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const subscription = useCurrentSubscription();
  const plan = subscription.data;
  const [chosenQuality, setChosenQuality] = useState<Quality>(project?.params.video?.quality ?? 'standard');
  const quality = effectiveQuality(chosenQuality, plan);
  const [hdDialog, setHdDialog] = useState(false);
  const [failure, setFailure] = useState<ClassifiedError | null>(null);

  const generate = useStepJob(project?.id, 'videos', trpc.generation.start.videos.mutationOptions());
  const onGenerated = (result: { project: Project }) => {
    setFailure(null);
    onProjectChange(result.project);
  };
  const onFailed = (error: unknown) => {
    if (httpStatusOf(error) === 402) {
      setChosenQuality('standard');
      setHdDialog(true);
      return;
    }
    const classified = classifyError(errorFacts(error));
    setFailure(classified);
    notifications.show({ color: 'red', title: classified.title, message: classified.suggestion });
  };
  const activity = generate.activity;

  if (!project) return null;

  const assets = project.assets;
  const total = totalSeconds(project);
  const busy = activity.active;
  const jobFailure = !busy && !failure && activity.job?.status === 'dead' && activity.job.error ? classifyError({ message: activity.job.error, reason: activity.job.reason }) : null;

  return {
    plan,
    quality,
    onPickQuality: (next) => {
      if (isQualityLocked(next, plan)) {
        setHdDialog(true);
        return;
      }
      setChosenQuality(next);
    },
    picture: selectedPictureUrl(assets),
    coverage: videoCoverage(project),
    scenes: project.scenes.map((scene) => ({
      scene,
      seconds: sceneSeconds(scene, assets.video_durations),
      audioUrl: assets.voiceover?.[scene.sceneId],
      videoUrl: assets.video_generated?.[scene.sceneId],
    })),
    totalSeconds: total,
    overReelTime: isOverReelTime(total, project.reelTime),
    reelTime: project.reelTime,
    aspect: cssAspectRatio(project.aspect),
    generation: activity,
    estimate: scaleProgressEstimate(quality === 'high' ? progressEstimates.highVideoPerScene : progressEstimates.standardVideoPerScene, project.scenes.length),
    checkingPlan: subscription.isPending,
    onGenerate: () => {
      setFailure(null);
      generate.run({ id: project.id, quality, model: 'omni-human' }).then(onGenerated, onFailed);
    },
    failure: busy ? null : (failure ?? jobFailure),
    downloadLocked: plan ? !plan.allowDownload : true,
    onLockedDownload: () => showDownloadLockedToast(plan?.planName, navigate),
    hdDialogOpened: hdDialog,
    onCloseHdDialog: () => setHdDialog(false),
    onNext,
    onBack,
  };
}
