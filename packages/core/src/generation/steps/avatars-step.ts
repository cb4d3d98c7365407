import { mediaUrl } from '../../storage/media-storage.ts';
import { artifactHash, projectKey } from '../artifact-key.ts';
import type { JobContext } from '../job-context.ts';
import { storeSideFrames, storeSideFramesRecipe } from '../side-frames.ts';
import { parseJobInput } from '../job-inputs.ts';
import { withWorkDir } from '../work-dir.ts';

/** Four avatar variations for the description, at the project's aspect; a new set clears the choice. */
export async function runAvatarsStep(ctx: JobContext): Promise<Record<string, unknown>> {
  const { deps } = ctx;
  const input = parseJobInput('avatars', { ...ctx.input, id: ctx.projectId });
  await ctx.progress('Drawing avatars', 5);
  const stored = await withWorkDir(deps.workDir, `avatars-${ctx.jobId}`, async (dir) => {
    const images = await deps.engine.avatars.generate({
      description: input.combinedPrompt,
      aspect: input.aspectRatio,
      model: input.model,
      count: 4,
      outDir: dir,
      seed: ctx.jobId,
      onCost: ctx.recordCost,
    });
    await ctx.progress('Saving avatars', 80);
    const hash = artifactHash(deps.engine.version, input, ctx.jobId);
    const urls: string[] = [];
    const faces: Record<string, number> = {};
    for (const [i, image] of images.entries()) {
      const key = projectKey(ctx.projectId, 'avatars', `${hash}-${i}.png`);
      await deps.storage.put(key, { file: image.file }, 'image/png');
      await storeSideFrames(deps.storage, key, image);
      if (image.sideFramesRecipe) await storeSideFramesRecipe(deps.storage, key, image.sideFramesRecipe);
      urls.push(mediaUrl(key));
      if (image.faceY !== undefined) faces[mediaUrl(key)] = image.faceY;
    }
    return { urls, faces, model: images[0]?.model ?? input.model };
  });
  await ctx.saveProject((p) => ({
    aspect: input.aspectRatio,
    assets: { ...p.assets, avatar: { ...(p.assets.avatar ?? {}), variations: stored.urls, selected: null, faces: stored.faces } },
    params: { ...p.params, aspect: input.aspectRatio, avatar: { combinedPrompt: input.combinedPrompt, model: input.model } },
  }));
  return { variations: stored.urls, engineModel: stored.model };
}
