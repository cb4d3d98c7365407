import { router } from '../../trpc.ts';
import { avatarPromptProcedure } from './avatar-prompt.ts';
import { captionPlacesProcedure } from './caption-places.ts';
import { createFinalVideoProcedure } from './create-final-video.ts';
import { generateAvatarProcedure } from './generate-avatar.ts';
import { generateAvatarProductProcedure } from './generate-avatar-product.ts';
import { generateScenesProcedure } from './generate-scenes.ts';
import { generateVideosProcedure } from './generate-videos.ts';
import { generateVoiceoverProcedure } from './generate-voiceover.ts';
import { jobProcedure } from './job.ts';
import { jobsProcedure } from './jobs.ts';
import { progressProcedure } from './progress.ts';
import { regenerateSceneProcedure } from './regenerate-scene.ts';
import { uploadAvatarProcedure } from './upload-avatar.ts';
import { voicePreviewProcedure } from './voice-preview.ts';
import { voicesProcedure } from './voices.ts';
import { startRouter } from './start/index.ts';

/** The wizard's generation steps, one procedure per file. */
export const generationRouter = router({
  generateScenes: generateScenesProcedure,
  regenerateScene: regenerateSceneProcedure,
  voices: voicesProcedure,
  avatarPrompt: avatarPromptProcedure,
  voicePreview: voicePreviewProcedure,
  generateVoiceover: generateVoiceoverProcedure,
  generateAvatar: generateAvatarProcedure,
  uploadAvatar: uploadAvatarProcedure,
  generateAvatarProduct: generateAvatarProductProcedure,
  generateVideos: generateVideosProcedure,
  createFinalVideo: createFinalVideoProcedure,
  captionPlaces: captionPlacesProcedure,
  start: startRouter,
  job: jobProcedure,
  jobs: jobsProcedure,
  progress: progressProcedure,
});
