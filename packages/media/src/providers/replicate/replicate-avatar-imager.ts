import { join } from 'node:path';
import type { AvatarImage, AvatarImager, AvatarRequest } from '../../engines.ts';
import { withDeadline } from '../call-provider.ts';
import { downloadImage } from '../download.ts';
import type { DownloadLimits, ReplicateConfig } from '../provider-config.ts';
import { withRetry } from '../retry.ts';
import { outputUrls, REPLICATE_PROVIDER, replicateCharge, replicatePrice, runPrediction } from './replicate-predictions.ts';

/** Avatars from google/imagen-4-ultra (default) or black-forest-labs/flux-kontext-pro: prompt and aspect_ratio. */
export class ReplicateAvatarImager implements AvatarImager {
  readonly #config: ReplicateConfig;
  readonly #limits: DownloadLimits;

  constructor(config: ReplicateConfig, limits: DownloadLimits) {
    // A model without a price refuses to start: its charges could not be recorded.
    replicatePrice(config, config.models['google-imagen-4-ultra'], 'images');
    replicatePrice(config, config.models['flux-kontext'], 'images');
    this.#config = config;
    this.#limits = limits;
  }

  async generate(request: AvatarRequest): Promise<AvatarImage[]> {
    const model = this.#config.models[request.model];
    const count = Math.max(1, Math.min(4, request.count));
    const prompt = `${request.description.trim()} Photorealistic portrait, facing the camera, upper body visible, natural light.`;
    const input = { prompt, aspect_ratio: request.aspect, output_format: 'png', ...(request.model === 'google-imagen-4-ultra' ? { safety_filter_level: 'block_medium_and_above' } : {}) };
    // One prediction per image, side by side; each is created once and charged once.
    return Promise.all(
      Array.from({ length: count }, (_, i) =>
        withDeadline(REPLICATE_PROVIDER, this.#config.policy, async (signal) => {
          const prediction = await runPrediction(this.#config, model, input, signal, { charge: replicateCharge(this.#config, model, 'images', 1), onCost: request.onCost });
          const [url] = outputUrls(prediction);
          const image = await withRetry(REPLICATE_PROVIDER, this.#config.policy, signal, (s) => downloadImage(REPLICATE_PROVIDER, url!, join(request.outDir, `avatar-${i}.png`), this.#limits, s));
          return { file: image.file, mouthOpenFile: null, width: image.width, height: image.height, model, traits: {} };
        }),
      ),
    );
  }
}
