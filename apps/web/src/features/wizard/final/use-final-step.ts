import { notifications } from '@mantine/notifications';
import { downloadLockedError, finalVideoErrorText, noVideoAvailableError, toUserMessage, videoCreationFailedError, type Project } from '@reelsmith/shared';
import { IconCircleCheck } from '@tabler/icons-react';
import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { createElement, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorFacts } from '../../../lib/trpc-errors.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { showDownloadLockedToast } from '../../billing/download-locked-toast.tsx';
import { useCurrentSubscription } from '../../billing/use-current-subscription.ts';
import { cssAspectRatio } from '../../share/share-rules.ts';
import { selectedPictureUrl } from '../product/selection.ts';
import { useStepJob } from '../use-step-job.ts';
import { videoCoverage } from '../video/video-rules.ts';
import type { WizardStepProps } from '../wizard-context.ts';
import { captionChoiceOf, captionSample, downloadState, finalVideoOf, parseFinalVideo, subtitleDownloads, type CaptionChoice, type Transition } from './final-rules.ts';
import type { FinalStepViewProps } from './final-step-view.tsx';

/** Spec §4: after 'Project Completed' the dashboard opens 1.5 s later. */
const completeDelayMs = 1500;

/**
 * Step 6's state and calls: the transition, merging, the final video's player and download, and
 * completing the project. Null until there is a project.
 */
export function useFinalStep({ project, onBack, onProjectChange }: WizardStepProps): FinalStepViewProps | null {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const subscription = useCurrentSubscription();
  const plan = subscription.data;
  const [transition, setTransition] = useState<Transition>(project?.params.final?.transition ?? 'none');
  const [captions, setCaptions] = useState<CaptionChoice>(() => captionChoiceOf(project?.params ?? {}));
  const [index, setIndex] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [completed, setCompleted] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const create = useStepJob(project?.id, 'final', trpc.generation.start.final.mutationOptions());
  // Where the merge will put the captions over these scenes (clear of the face and the product), for the preview.
  const places = useQuery(trpc.generation.captionPlaces.queryOptions(project && captions.on ? { id: project.id } : skipToken));
  const onCreated = (result: { project: Project }) => {
    setFailure(null);
    setIndex(0);
    onProjectChange(result.project);
    if (!finalVideoOf(result.project.assets)) notifications.show({ color: 'orange', title: 'Final video', message: finalVideoErrorText.previewDataMissing });
  };
  const onFailed = (error: unknown) => {
    setFailure(toUserMessage(errorFacts(error)));
    notifications.show({ color: 'red', title: videoCreationFailedError.title, message: videoCreationFailedError.description });
  };
  const finish = () => {
    setCompleted(true);
    notifications.show({ color: 'green', title: 'Project Completed', message: 'Taking you to your projects…', icon: createElement(IconCircleCheck, { size: 18 }) });
    timer.current = window.setTimeout(() => void navigate('/'), completeDelayMs);
  };
  const complete = useMutation(
    trpc.projects.update.mutationOptions({
      onSuccess: (saved) => {
        onProjectChange(saved);
        finish();
      },
      onError: (error) => notifications.show({ color: 'red', title: 'Progress not saved', message: toUserMessage(errorFacts(error)) }),
    }),
  );
  const activity = create.activity;

  if (!project) return null;

  const assets = project.assets;
  const busy = activity.active;
  const final = finalVideoOf(assets);
  const poster = selectedPictureUrl(assets) ?? undefined;
  const parsed = final ? parseFinalVideo(final) : null;
  const locked = plan !== undefined && !plan.allowDownload;
  const lockedError = downloadLockedError(plan?.planName);
  const jobFailed = !busy && !failure && activity.job?.status === 'dead' ? activity.job.error : null;

  return {
    scenes: project.scenes,
    sceneVideos: assets.video_generated ?? {},
    coverage: videoCoverage(project),
    aspect: cssAspectRatio(project.aspect),
    poster,
    transition,
    onTransitionChange: setTransition,
    captions,
    onCaptionsChange: setCaptions,
    captionSample: captionSample(project.scenes.map((s) => s.text)),
    captionPlaces: places.data,
    subtitles: subtitleDownloads(final, project.title),
    generation: activity,
    onCreate: () => {
      setFailure(null);
      create.run({ id: project.id, transition, captions: captions.on, captionStyle: captions.style, captionPosition: captions.position }).then(onCreated, onFailed);
    },
    failure: busy ? null : (failure ?? jobFailed),
    parsed,
    finalPosterUrl: final?.posterUrl ?? poster,
    index,
    onIndexChange: setIndex,
    allowDownload: plan?.allowDownload ?? false,
    download: downloadState(plan?.allowDownload ?? false, project.title, parsed, index),
    locked,
    lockedError,
    checkingPlan: subscription.isPending,
    onUnavailableDownload: () => {
      if (locked) showDownloadLockedToast(plan?.planName, navigate);
      else notifications.show({ color: 'orange', title: noVideoAvailableError.title, message: noVideoAvailableError.description });
    },
    onLockedAction: () => void navigate(lockedError.actionHref),
    completed,
    completing: complete.isPending,
    onComplete: () => {
      if (project.currentStep < 6) complete.mutate({ id: project.id, currentStep: 6 });
      else finish();
    },
    onBack,
  };
}
