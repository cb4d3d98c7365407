// Spec §4 project status labels in the user view, and spec §2's Preview/download rule.
import { isUuid, safeDownloadBase } from '@reelsmith/shared';

const statusLabels: Record<string, string> = {
  Draft: 'Draft',
  MediaGenerated: 'Media Generated',
  LipSynced: 'Lip Synced',
  Merged: 'Completed',
};

/** The label of a stored project status; other values are shown raw. */
export function projectStatusLabel(status: string): string {
  return statusLabels[status] ?? status;
}

export function projectStatusColor(status: string): string {
  if (status === 'Merged') return 'teal';
  if (status === 'Draft') return 'gray';
  return 'blue';
}

/** A project with status Merged and a final video offers Preview and download. */
export function previewableVideo(project: { status: string; assets: { finalVideoUrl: string | null } }): string | null {
  return project.status === 'Merged' && project.assets.finalVideoUrl ? project.assets.finalVideoUrl : null;
}

/** '<project title>.mp4', by the same rule the server's Content-Disposition uses (an empty title is 'reelsmith-video.mp4'). */
export function videoFileName(title: string): string {
  return `${safeDownloadBase(title.replace(/\.mp4\s*$/i, ''))}.mp4`;
}

/** A malformed id in the address cannot name a user, so the screen says 'User not found' without asking. */
export function isUserId(value: string | undefined): value is string {
  return isUuid(value);
}

/** The signed media link asking the server for an attachment (docs/decisions.md, finished videos for the admin). */
export function downloadHref(videoUrl: string): string {
  return `${videoUrl}${videoUrl.includes('?') ? '&' : '?'}download=1`;
}
