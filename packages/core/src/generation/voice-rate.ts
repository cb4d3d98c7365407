// How fast the project's voice speaks, measured from the clips it has already spoken (the words
// kept beside each clip), so scenes written or rewritten later are planned at that voice's pace.
import type { SpokenWord } from '@reelsmith/media';
import { VOICE_RATE_BOUNDS, type Project } from '@reelsmith/shared';
import { keyFromMediaUrl, type MediaStorage } from '../storage/media-storage.ts';
import { readVoiceWords } from './voice-timings.ts';

/** Words per second over the clips' speech (first word's start to last word's end), or undefined with too little to go on or an implausible result. */
export function wordsPerSecondOf(clips: readonly (readonly SpokenWord[])[]): number | undefined {
  let words = 0;
  let seconds = 0;
  for (const clip of clips) {
    if (clip.length === 0) continue;
    words += clip.length;
    seconds += Math.max(0, clip.at(-1)!.endSeconds - clip[0]!.startSeconds);
  }
  if (words < 8 || seconds < 2) return undefined;
  const rate = words / seconds;
  return rate >= VOICE_RATE_BOUNDS.min && rate <= VOICE_RATE_BOUNDS.max ? Math.round(rate * 100) / 100 : undefined;
}

/** The rate of the voice that spoke the project's clips, or undefined before it has spoken. */
export async function measuredVoiceRate(storage: MediaStorage, project: Pick<Project, 'scenes' | 'assets'>): Promise<number | undefined> {
  const clips = await Promise.all(
    project.scenes.map(async (scene) => {
      const key = keyFromMediaUrl(project.assets.voiceover?.[scene.sceneId] ?? '');
      return key ? ((await readVoiceWords(storage, key)) ?? []) : [];
    }),
  );
  return wordsPerSecondOf(clips);
}
