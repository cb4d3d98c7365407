import { router } from '../../../trpc.ts';
import { startAvatarProductProcedure } from './avatar-product.ts';
import { startAvatarsProcedure } from './avatars.ts';
import { startFinalVideoProcedure } from './final.ts';
import { startVideosProcedure } from './videos.ts';
import { startVoiceoverProcedure } from './voiceover.ts';

/**
 * The wizard's steps as the browser starts them: each answers its job at once and the browser follows
 * it on generation.progress, so no request stays open while a step runs. The REST paths call these for
 * `Prefer: respond-async`.
 */
export const startRouter = router({
  voiceover: startVoiceoverProcedure,
  avatars: startAvatarsProcedure,
  avatarProduct: startAvatarProductProcedure,
  videos: startVideosProcedure,
  final: startFinalVideoProcedure,
});
