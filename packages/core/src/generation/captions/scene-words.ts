// Each scene's spoken words, for captions: kept beside the scene's voice clip by the voiceover step
// (`<clip>.words.json`), or guessed from the scene's text and length for clips made before that.
import { cleanSpeechText, estimatedWords, type SpokenWord } from '@reelsmith/media';
import type { Project } from '@reelsmith/shared';
import { keyFromMediaUrl, type MediaStorage } from '../../storage/media-storage.ts';
import { readVoiceWords } from '../voice-timings.ts';

/** The words of each scene in `order`, in that scene's clip time. */
export async function loadSceneWords(storage: MediaStorage, project: Pick<Project, 'scenes' | 'assets'>, order: readonly string[]): Promise<SpokenWord[][]> {
  return Promise.all(
    order.map(async (sceneId) => {
      const scene = project.scenes.find((s) => s.sceneId === sceneId);
      const audioUrl = project.assets.voiceover?.[sceneId];
      const audioKey = audioUrl ? keyFromMediaUrl(audioUrl) : null;
      const stored = audioKey ? await readVoiceWords(storage, audioKey) : null;
      if (stored) return stored;
      const seconds = project.assets.video_durations?.[sceneId] ?? scene?.actualDuration ?? scene?.durationSeconds ?? 0;
      return scene && seconds > 0 ? estimatedWords(cleanSpeechText(scene.text), seconds) : [];
    }),
  );
}
