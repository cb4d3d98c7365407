import type { ProjectAssets } from '@reelsmith/shared';

type FinalVideo = NonNullable<ProjectAssets['final']>;

/**
 * How long the shared video really plays, in seconds, or null when that is not known (a final video
 * stored before its length was recorded). A single file: the length the final step measured. A playlist:
 * the sum of its scene clips' lengths, each found through the scene that clip belongs to; null if any is
 * missing. Never the planned reel length: the page would say 45 s for a 28 s video.
 */
export function finalVideoLength(final: FinalVideo, assets: ProjectAssets, playlist: readonly string[]): number | null {
  if (final.type !== 'playlist') return positive(final.durationSeconds);
  if (playlist.length === 0) return null;
  const sceneOf = new Map<string, string>();
  for (const clips of [assets.video_generated, assets.video_synced]) {
    for (const [sceneId, url] of Object.entries(clips ?? {})) sceneOf.set(url, sceneId);
  }
  let total = 0;
  for (const url of playlist) {
    const sceneId = sceneOf.get(url);
    const length = sceneId === undefined ? null : positive(assets.video_durations?.[sceneId]);
    if (length === null) return null;
    total += length;
  }
  return total;
}

function positive(seconds: number | undefined): number | null {
  return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}
