import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AvatarImage, ProductCompositeRequest, ProductCompositor, ProductLayout } from '../../engines.ts';
import { PRODUCT_LAYOUTS } from '../../images/product-compositor.ts';
import { withDeadline } from '../call-provider.ts';
import { downloadImage } from '../download.ts';
import type { DownloadLimits, ReplicateConfig } from '../provider-config.ts';
import { withRetry } from '../retry.ts';
import { outputUrls, REPLICATE_PROVIDER, replicateCharge, replicatePrice, runPrediction, uploadFile } from './replicate-predictions.ts';

const layoutWords: Record<ProductLayout, string> = {
  'held-in-hand': 'holding the product from the second image in one hand at chest height',
  beside: 'standing beside the product from the second image, gesturing towards it',
  raised: 'raising the product from the second image towards the camera',
  'on-counter': 'with the product from the second image on the counter in front of them',
};

/** The avatar and the product as two inputs of a multi-image Kontext model (input_image_1, input_image_2). */
export class ReplicateProductCompositor implements ProductCompositor {
  readonly #config: ReplicateConfig;
  readonly #limits: DownloadLimits;

  constructor(config: ReplicateConfig, limits: DownloadLimits) {
    replicatePrice(config, config.models.product, 'images');
    this.#config = config;
    this.#limits = limits;
  }

  async compose(request: ProductCompositeRequest): Promise<(AvatarImage & { layout: ProductLayout })[]> {
    const model = this.#config.models.product;
    const [avatar, product] = await Promise.all([readFile(request.avatarFile), readFile(request.productFile)]);
    const layouts = PRODUCT_LAYOUTS.slice(0, Math.max(1, Math.min(request.count, PRODUCT_LAYOUTS.length)));
    // Each upload retries on its own; the two files serve every layout's prediction.
    const inputs = await withDeadline(REPLICATE_PROVIDER, this.#config.policy, async (signal) => ({
      avatarUrl: await uploadFile(this.#config, avatar, 'avatar.png', 'image/png', signal),
      productUrl: await uploadFile(this.#config, product, 'product.png', 'image/png', signal),
    }));
    return Promise.all(
      layouts.map((layout, i) =>
        withDeadline(REPLICATE_PROVIDER, this.#config.policy, async (signal) => {
          const prompt = `The person from the first image ${layoutWords[layout]}. ${request.interaction.trim()} Keep the person's face, hair and clothing exactly as in the first image and the product exactly as in the second.`;
          const prediction = await runPrediction(
            this.#config,
            model,
            { prompt, input_image_1: inputs.avatarUrl, input_image_2: inputs.productUrl, aspect_ratio: request.aspect, output_format: 'png' },
            signal,
            { charge: replicateCharge(this.#config, model, 'images', 1), onCost: request.onCost },
          );
          const [url] = outputUrls(prediction);
          const image = await withRetry(REPLICATE_PROVIDER, this.#config.policy, signal, (s) => downloadImage(REPLICATE_PROVIDER, url!, join(request.outDir, `product-${i}.png`), this.#limits, s));
          return { file: image.file, mouthOpenFile: null, width: image.width, height: image.height, model, traits: {}, layout };
        }),
      ),
    );
  }
}
