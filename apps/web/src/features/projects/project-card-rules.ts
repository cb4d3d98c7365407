import { isProjectFinished, normaliseStatus, type AspectRatio, type Project, type ProjectStatus } from '@reelsmith/shared';
import { formatMonthDay } from '../../lib/format.ts';

/** Spec §9: the project card counts five steps (the wizard shows six). */
export const CARD_STEP_COUNT = 5;

// The spec names three; 4:3 and 3:4 use the words of step 3's aspect-ratio cards.
const aspectLabels: Record<AspectRatio, string> = {
  '16:9': '16:9 Landscape',
  '9:16': '9:16 Portrait',
  '1:1': '1:1 Square',
  '4:3': '4:3 Classic',
  '3:4': '3:4 Tall',
};

/** '9:16 Portrait'; an aspect the browser does not know is shown as it is. */
export function aspectLabel(aspect: string): string {
  return aspectLabels[aspect as AspectRatio] ?? aspect;
}

const statusColors: Record<ProjectStatus, string> = {
  Draft: 'gray',
  MediaGenerated: 'blue',
  LipSynced: 'grape',
  Merged: 'teal',
};

export function statusColor(status: ProjectStatus): string {
  return statusColors[status];
}

/** The buttons a card offers besides its main action. */
export interface CardActions {
  /** Finished projects can be shared. */
  share: boolean;
  /** Started but unfinished projects offer their id (e.g. for support); Drafts offer neither. */
  copyId: boolean;
  /** Hidden for Free-plan customers (spec §6). */
  delete: boolean;
}

export function cardActions(project: Pick<Project, 'status' | 'currentStep'>, canDelete: boolean): CardActions {
  const finished = isProjectFinished(project);
  const status = normaliseStatus(project.status);
  return { share: finished, copyId: !finished && status !== 'Draft', delete: canDelete };
}

/** Free-plan customers (plan named Free, or flagged as free) cannot delete projects. */
export function canDeleteProjects(subscription: { isFreeUser: boolean; planName: string | null } | undefined): boolean {
  if (!subscription) return false;
  return !subscription.isFreeUser && subscription.planName !== 'Free';
}

/** Everything a project card shows (spec §2 'Project card'). */
export interface ProjectCardView {
  title: string;
  status: ProjectStatus;
  aspectLabel: string;
  scenesLabel: string;
  createdLabel: string;
  /** 'Step 2/5', or null once the project is finished. */
  stepLabel: string | null;
  actionLabel: 'Edit' | 'Continue';
  href: string;
}

export function projectCardView(project: Pick<Project, 'id' | 'title' | 'status' | 'aspect' | 'scenes' | 'currentStep' | 'createdAt'>): ProjectCardView {
  const finished = isProjectFinished(project);
  // A step past the card's five (the wizard's sixth) still reads as the last one.
  const step = Math.min(Math.max(project.currentStep || 1, 1), CARD_STEP_COUNT);
  const scenes = project.scenes.length;
  return {
    title: project.title,
    status: normaliseStatus(project.status),
    aspectLabel: aspectLabel(project.aspect),
    scenesLabel: `${scenes} ${scenes === 1 ? 'scene' : 'scenes'}`,
    createdLabel: formatMonthDay(project.createdAt),
    stepLabel: finished ? null : `Step ${step}/${CARD_STEP_COUNT}`,
    actionLabel: finished ? 'Edit' : 'Continue',
    href: `/project/${project.id}`,
  };
}

/** The public address of a share link: {origin}/s/{shortId} (spec §7). */
export function shareUrl(origin: string, shortId: string): string {
  return `${origin}/s/${shortId}`;
}
