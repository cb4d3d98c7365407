import { LocalAvatarImager } from './avatars/index.ts';
import type { MediaEngine } from './engines.ts';
import { LocalProductCompositor } from './images/index.ts';
import { LocalAvatarPromptWriter, LocalSceneWriter } from './text/index.ts';
import { LocalVideoMerger, LocalTalkingVideoRenderer } from './video/index.ts';
import { LocalSpeechSynthesiser, LocalVoiceCatalogue } from './voices/index.ts';

/** Bump when the local engine's output for the same inputs changes (invalidates cached artifacts). */
export const LOCAL_ENGINE_VERSION = '1';

/** The offline engine: real voices, illustrated avatars, talking clips and merges, no network. */
export function createLocalEngine(): MediaEngine {
  return {
    name: 'local',
    version: LOCAL_ENGINE_VERSION,
    scenes: new LocalSceneWriter(),
    avatarPrompts: new LocalAvatarPromptWriter(),
    voices: new LocalVoiceCatalogue(),
    speech: new LocalSpeechSynthesiser(),
    avatars: new LocalAvatarImager(),
    products: new LocalProductCompositor(),
    talkingVideo: new LocalTalkingVideoRenderer(),
    merger: new LocalVideoMerger(),
  };
}
