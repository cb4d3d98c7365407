import { DEFAULT_PROJECT_TITLE, finalVideoErrorText, type ProjectAssets } from '@reelsmith/shared';
import { fileStem } from '../../../lib/file-name.ts';

export type FinalVideo = NonNullable<ProjectAssets['final']>;

/** The saved final video: assets.final, else the older video_final. */
export function finalVideoOf(assets: ProjectAssets): FinalVideo | null {
  return assets.final ?? assets.video_final ?? null;
}

export type ParsedFinal =
  | { kind: 'single'; url: string }
  | { kind: 'playlist'; videos: string[] }
  | { kind: 'error'; message: string };

/** 'Error: Cannot parse playlist data' — the playlist text is not JSON. */
export const playlistParseMessage = `${finalVideoErrorText.playlistParseTitle}: ${finalVideoErrorText.playlistParse}`;

/**
 * A single file plays as is; a playlist's url is JSON text `{videos: [...]}` (or a bare array).
 * Unreadable text gives 'Error: Cannot parse playlist data'; JSON of the wrong shape 'Unable to parse video data'.
 */
export function parseFinalVideo(final: FinalVideo): ParsedFinal {
  if (final.type !== 'playlist') {
    return final.url ? { kind: 'single', url: final.url } : { kind: 'error', message: finalVideoErrorText.videoDataParse };
  }
  let data: unknown;
  try {
    data = JSON.parse(final.url);
  } catch {
    return { kind: 'error', message: playlistParseMessage };
  }
  const list: unknown = Array.isArray(data) ? data : typeof data === 'object' && data !== null ? (data as { videos?: unknown }).videos : undefined;
  if (!Array.isArray(list)) return { kind: 'error', message: finalVideoErrorText.videoDataParse };
  const videos = list
    .map((item: unknown) => (typeof item === 'string' ? item : typeof item === 'object' && item !== null ? (item as { url?: unknown }).url : undefined))
    .filter((url): url is string => typeof url === 'string' && url !== '');
  if (videos.length === 0) return { kind: 'error', message: finalVideoErrorText.videoDataParse };
  return { kind: 'playlist', videos };
}

/** The final video's download name: the project title + .mp4 ('-scene-N' for one part of a playlist). */
export function finalDownloadName(title: string, sceneNumber?: number): string {
  const stem = fileStem(title, DEFAULT_PROJECT_TITLE);
  return sceneNumber === undefined ? `${stem}.mp4` : `${stem}-scene-${sceneNumber}.mp4`;
}

export type DownloadState = { kind: 'ready'; url: string; fileName: string } | { kind: 'locked' } | { kind: 'missing' };

/** Spec §5: a download needs a plan that allows it and existing final video data. */
export function downloadState(allowDownload: boolean, title: string, parsed: ParsedFinal | null, index = 0): DownloadState {
  if (!allowDownload) return { kind: 'locked' };
  if (!parsed || parsed.kind === 'error') return { kind: 'missing' };
  if (parsed.kind === 'single') return { kind: 'ready', url: parsed.url, fileName: finalDownloadName(title) };
  const url = parsed.videos[index] ?? parsed.videos[0];
  return url ? { kind: 'ready', url, fileName: finalDownloadName(title, index + 1) } : { kind: 'missing' };
}

export const transitions = [
  { value: 'none', label: 'No Transition' },
  { value: 'fade', label: 'Fade' },
  { value: 'crossfade', label: 'Crossfade' },
] as const;
export type Transition = (typeof transitions)[number]['value'];

/**
 * The captions styling choices of spec §2, kept for when captions arrive; the toggle is disabled
 * ('Coming Soon') and these are not shown.
 */
export const captionStyleOptions = {
  font: ['inter', 'roboto', 'georgia', 'monospace'],
  size: ['small', 'medium', 'large'],
  position: ['top', 'center', 'bottom'],
  background: ['none', 'semi-transparent', 'solid'],
  color: ['black', 'white', 'slate', 'stone', 'blue', 'purple', 'green', 'red', 'orange'],
} as const;
