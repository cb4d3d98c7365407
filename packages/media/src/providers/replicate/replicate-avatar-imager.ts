import { join } from 'node:path';
import type { AvatarImage, AvatarImager, AvatarRequest } from '../../engines.ts';
import { callProvider } from '../call-provider.ts';
import { costOf, reportCost } from '../cost.ts';
import { downloadImage } from '../download.ts';
import type { DownloadLimits, ReplicateConfig } from '../provider-config.ts';
import { outputUrls, REPLICATE_PROVIDER, runPrediction } from './replicate-predictions.ts';

/** One image per prediction; variations run side by side. */
export function unitPrice(config: ReplicateConfig, model: string): number {
  return config.prices[model]?.usd ?? 0;
}

/** Avatars from google/imagen-4-ultra (default) or black-forest-labs/flux-kontext-pro: prompt and aspect_ratio. */
export class ReplicateAvatarImager implements AvatarImager {
  readonly #config: ReplicateConfig;
  readonly #limits: DownloadLimits;

  constructor(config: ReplicateConfig, limits: DownloadLimits) {
    this.#config = config;
    this.#limits = limits;
  }

  async generate(request: AvatarRequest): Promise<AvatarImage[]> {
    const model = this.#config.models[request.model];
    const count = Math.max(1, Math.min(4, request.count));
    const prompt = `${request.description.trim()} Photorealistic portrait, facing the camera, upper body visible, natural light.`;
    const input = { prompt, aspect_ratio: request.aspect, output_format: 'png', ...(request.model === 'google-imagen-4-ultra' ? { safety_filter_level: 'block_medium_and_above' } : {}) };
    return Promise.all(
      Array.from({ length: count }, (_, i) =>
        callProvider(REPLICATE_PROVIDER, this.#config.policy, async (signal) => {
          const prediction = await runPrediction(this.#config, model, input, signal);
          const [url] = outputUrls(prediction);
          const image = await downloadImage(REPLICATE_PROVIDER, url!, join(request.outDir, `avatar-${i}.png`), this.#limits, signal);
          await reportCost(request.onCost, costOf(REPLICATE_PROVIDER, model, 'images', 1, unitPrice(this.#config, model)));
          return { file: image.file, mouthOpenFile: null, width: image.width, height: image.height, model, traits: {} };
        }),
      ),
    );
  }
}
