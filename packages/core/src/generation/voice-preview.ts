import { join } from 'node:path';
import { isProviderError, providerErrorMessage } from '@reelsmith/media';
import { AppError, generationMessages } from '@reelsmith/shared';
import { mediaUrl } from '../storage/media-storage.ts';
import { artifactHash } from './artifact-key.ts';
import { recordGenerationCost } from './generation-costs.ts';
import type { AppDeps } from '../app-deps.ts';
import { noteProviderFailure } from './provider-credit.ts';
import { withWorkDir } from './work-dir.ts';
import { providerFailureReason } from './failure-reason.ts';

/** A short sample of a voice reading the first 100 characters; cached, so replays cost nothing. */
export async function voicePreview(deps: AppDeps, input: { voiceId: string; text: string; speed: number; language?: string | undefined }): Promise<{ url: string }> {
  const voice = await deps.engine.voices.get(input.voiceId);
  if (!voice) throw new AppError('BAD_REQUEST', generationMessages.unknownVoice);
  const key = `previews/${artifactHash(deps.engine.name, deps.engine.version, input.voiceId, input.text, input.speed, input.language ?? 'en')}.m4a`;
  if (!(await deps.storage.stat(key))) {
    await withWorkDir(deps.workDir, 'preview', async (dir) => {
      const file = join(dir, 'preview.m4a');
      try {
        const result = await deps.engine.speech.synthesise({
          voiceId: input.voiceId,
          text: input.text,
          speed: input.speed,
          language: input.language,
          outFile: file,
          onCost: (cost) => recordGenerationCost(deps, { jobId: null, projectId: null, userId: null }, 'tts', cost),
        });
        await deps.storage.put(key, { file }, result.mimeType);
      } catch (err) {
        if (err instanceof Error && err.name === 'VoiceError') throw new AppError('BAD_REQUEST', err.message);
        await noteProviderFailure(deps, err);
        if (isProviderError(err)) throw new AppError(err.kind === 'rate_limited' ? 'TOO_MANY_REQUESTS' : 'UNPROCESSABLE_CONTENT', providerErrorMessage('tts', err.kind), { reason: providerFailureReason('tts', err.kind) });
        throw err;
      }
    });
  }
  return { url: mediaUrl(key) };
}
