import { join } from 'node:path';
import { AppError, generationMessages } from '@reelsmith/shared';
import { keyFromMediaUrl, mediaUrl } from '../../storage/media-storage.ts';
import { findOwnedProject } from '../../projects/project-rows.ts';
import { avatarPool, resolveSelection } from '../../projects/project-media.ts';
import { artifactHash, projectKey } from '../artifact-key.ts';
import type { JobContext } from '../job-context.ts';
import { ensureSideFrames, fetchSideFrames, storeSideFrames } from '../side-frames.ts';
import { parseJobInput } from '../job-inputs.ts';
import { withWorkDir } from '../work-dir.ts';

/** Four pictures of the chosen avatar with the customer's product, in four layouts. */
export async function runAvatarProductStep(ctx: JobContext): Promise<Record<string, unknown>> {
  const { deps } = ctx;
  const input = parseJobInput('avatar_product', ctx.input);
  const project = await findOwnedProject(deps.db, ctx.userId, ctx.projectId);
  const avatarUrl = resolveSelection(project.assets.avatar?.selected, avatarPool(project.assets));
  const avatarKey = avatarUrl ? keyFromMediaUrl(avatarUrl) : null;
  if (!avatarKey) throw new AppError('BAD_REQUEST', generationMessages.noAvatarForProduct, { reason: 'avatar_required' });
  await ctx.progress('Placing the product', 10);
  const avatarSideFrames = await ensureSideFrames({ storage: deps.storage, imager: deps.engine.avatars, workDir: deps.workDir }, avatarKey);
  const { urls, faces } = await withWorkDir(deps.workDir, `product-${ctx.jobId}`, async (dir) => {
    const avatarFile = join(dir, 'avatar.png');
    const productFile = join(dir, 'product.png');
    await deps.storage.download(avatarKey, avatarFile);
    await deps.storage.download(input.productKey, productFile);
    const side = await fetchSideFrames(deps.storage, avatarKey, dir, avatarSideFrames);
    const results = await deps.engine.products.compose({
      avatarFile,
      avatarMouthOpenFile: side.mouthOpenFile,
      avatarEyesClosedFile: side.eyesClosedFile,
      avatarSettingFile: side.settingFile,
      productFile,
      interaction: input.interactionPrompt,
      aspect: input.aspect,
      count: 4,
      outDir: join(dir, 'out'),
      onCost: ctx.recordCost,
    });
    await ctx.progress('Saving variations', 85);
    const hash = artifactHash(deps.engine.version, avatarKey, input.productKey, input.interactionPrompt, ctx.jobId);
    const out: string[] = [];
    const faces: Record<string, number> = {};
    for (const [i, r] of results.entries()) {
      const key = projectKey(ctx.projectId, 'product', `${hash}-${i}.png`);
      await deps.storage.put(key, { file: r.file }, 'image/png');
      await storeSideFrames(deps.storage, key, r);
      out.push(mediaUrl(key));
      if (r.faceY !== undefined) faces[mediaUrl(key)] = r.faceY;
    }
    return { urls: out, faces };
  });
  await ctx.saveProject((p) => ({
    assets: { ...p.assets, product: mediaUrl(input.productKey), avatar_product: { variations: urls, selected: null, skipped: false, faces } },
    params: { ...p.params, avatar_product: { interactionPrompt: input.interactionPrompt } },
  }));
  return { variations: urls };
}
