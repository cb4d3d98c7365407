import { DEFAULT_PROJECT_TITLE, finalVideoErrorText, type CaptionPlace, type CaptionPosition, type CaptionStyle, type ProjectAssets, type ProjectParams } from '@reelsmith/shared';
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
 * Burned-in captions: the looks and places offered (spec §2 lists font, size, position, background
 * and colour options behind a Coming Soon toggle; docs/decisions.md says why two looks stand in for
 * the first, second, fourth and fifth).
 */
export const captionStyles = [
  { value: 'clean', label: 'Clean' },
  { value: 'highlight', label: 'Word by word' },
] as const satisfies readonly { value: CaptionStyle; label: string }[];
export const captionPositions = [
  { value: 'bottom', label: 'Bottom' },
  { value: 'middle', label: 'Middle' },
  { value: 'top', label: 'Top' },
] as const satisfies readonly { value: CaptionPosition; label: string }[];

export interface CaptionChoice {
  on: boolean;
  style: CaptionStyle;
  position: CaptionPosition;
}

/** The last choice made for this project, else captions off, clean, at the bottom. */
export function captionChoiceOf(params: ProjectParams): CaptionChoice {
  const final = params.final;
  return { on: final?.captions ?? false, style: final?.captionStyle ?? 'clean', position: final?.captionPosition ?? 'bottom' };
}

/**
 * The preview's caption band placed as the merge will place it: between the block's sides, held by
 * the edge the place is measured from (the bottom for bottom captions, else the top). Null without a
 * place from the server (the stylesheet's place for the position is used).
 */
export function previewBand(place: CaptionPlace | undefined, position: CaptionPosition): { left: string; right: string; top?: string; bottom?: string; transform?: string } | null {
  if (!place) return null;
  const pct = (share: number) => `${Math.round(share * 1000) / 10}%`;
  const sides = { left: pct(place.left), right: pct(1 - place.right) };
  if (position === 'bottom') return { ...sides, bottom: pct(1 - place.bottom) };
  return { ...sides, top: pct(place.top), transform: 'none' };
}

/** The first few words of the script, for the caption preview. */
export function captionSample(texts: readonly string[], words = 5): string {
  const all = texts.join(' ').split(/\s+/).filter(Boolean);
  return all.slice(0, words).join(' ') || 'Your captions appear here';
}

export interface SubtitleDownloads {
  vtt: { url: string; fileName: string };
  srt: { url: string; fileName: string };
}

/** The final video's subtitle files with names from the project title, when it has them. */
export function subtitleDownloads(final: FinalVideo | null, title: string): SubtitleDownloads | null {
  const captions = final?.type === 'playlist' ? undefined : final?.captions;
  if (!captions) return null;
  const stem = fileStem(title, DEFAULT_PROJECT_TITLE);
  return { vtt: { url: captions.vttUrl, fileName: `${stem}.vtt` }, srt: { url: captions.srtUrl, fileName: `${stem}.srt` } };
}
