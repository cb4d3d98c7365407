// The final video's subtitle files (SubRip and WebVTT), timed from each scene's spoken words placed
// where its clip starts in the merged video.
import { FILE_CUE_LIMITS, groupCues, placeWords, toSrt, toWebVtt, type MergeResult, type SpokenWord } from '@reelsmith/media';

export function subtitleFiles(sceneWords: readonly (readonly SpokenWord[])[], merged: Pick<MergeResult, 'clips' | 'durationSeconds'>): { vtt: string; srt: string } {
  const { clips } = merged;
  const words = placeWords(
    sceneWords,
    clips.map((c) => c.startSeconds),
    clips.map((c) => c.durationSeconds),
  );
  const cues = groupCues(words, FILE_CUE_LIMITS, merged.durationSeconds);
  return { vtt: toWebVtt(cues), srt: toSrt(cues) };
}
