import type { PublicShare } from '@reelsmith/shared';
import { fileStem } from '../../lib/file-name.ts';

export type SharedFinalVideo = NonNullable<PublicShare['project']['finalVideo']>;

/** '1 view', '12 views'. */
export function viewCountLabel(views: number): string {
  return `${views.toLocaleString('en-US')} ${views === 1 ? 'view' : 'views'}`;
}

/** '28 s', '1 min 5 s': how long the shared video plays, rounded to the second; '' when not known. */
export function videoLengthLabel(seconds: number | null): string {
  if (seconds === null || !(seconds > 0)) return '';
  const whole = Math.max(1, Math.round(seconds));
  return whole < 60 ? `${whole} s` : `${Math.floor(whole / 60)} min${whole % 60 ? ` ${whole % 60} s` : ''}`;
}

/** The files to play in order: the single final video, or a playlist's scene videos. */
export function playableVideos(finalVideo: PublicShare['project']['finalVideo']): string[] {
  if (!finalVideo) return [];
  if (finalVideo.type === 'playlist') return finalVideo.videos.filter((url) => url !== '');
  return finalVideo.url ? [finalVideo.url] : [];
}

/** The download's name: the title + .mp4, or '<title>-scene-N.mp4' for one part of a playlist. */
export function videoFileName(title: string, sceneNumber?: number): string {
  const safe = fileStem(title, 'video');
  return sceneNumber === undefined ? `${safe}.mp4` : `${safe}-scene-${sceneNumber}.mp4`;
}

/** CSS aspect-ratio for the player frame, e.g. '9 / 16'. */
export function cssAspectRatio(aspect: string): string {
  const [width, height] = aspect.split(':').map(Number);
  return width && height ? `${width} / ${height}` : '9 / 16';
}
