import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TalkingVideoRenderer, TalkingVideoRequest, VideoResult } from '../../engines.ts';
import { callProvider } from '../call-provider.ts';
import { costOf, reportCost } from '../cost.ts';
import { downloadVideo } from '../download.ts';
import { audioSeconds, finishProviderClip } from '../finish-clip.ts';
import type { DownloadLimits, ReplicateConfig } from '../provider-config.ts';
import { ProviderError } from '../provider-error.ts';
import { audioLimitFor } from '../video-limits.ts';
import { unitPrice } from './replicate-avatar-imager.ts';
import { outputUrls, REPLICATE_PROVIDER, runPrediction, uploadFile } from './replicate-predictions.ts';

/** bytedance/omni-human on Replicate: the picture and the scene's audio in, a talking clip out. */
export class ReplicateVideoRenderer implements TalkingVideoRenderer {
  readonly #config: ReplicateConfig;
  readonly #limits: DownloadLimits;
  readonly maxAudioSeconds: number;

  constructor(config: ReplicateConfig, limits: DownloadLimits) {
    this.#config = config;
    this.#limits = limits;
    this.maxAudioSeconds = audioLimitFor(config.models.video);
  }

  async render(request: TalkingVideoRequest): Promise<VideoResult> {
    const model = this.#config.models.video;
    const seconds = await audioSeconds(request.audioFile);
    if (seconds > this.maxAudioSeconds) {
      throw new ProviderError('rejected', REPLICATE_PROVIDER, `scene audio is ${seconds.toFixed(1)} s; ${model} accepts at most ${this.maxAudioSeconds} s`);
    }
    const [image, audio] = await Promise.all([readFile(request.imageFile), readFile(request.audioFile)]);
    const work = await mkdtemp(join(tmpdir(), 'reelsmith-replicate-'));
    try {
      const clip = await callProvider(REPLICATE_PROVIDER, this.#config.policy, async (signal) => {
        request.onProgress?.(0.05);
        const imageUrl = await uploadFile(this.#config, image, 'avatar.png', 'image/png', signal);
        const audioUrl = await uploadFile(this.#config, audio, 'voice.m4a', 'audio/mp4', signal);
        const prediction = await runPrediction(this.#config, model, { image: imageUrl, audio: audioUrl }, signal);
        request.onProgress?.(0.8);
        const [url] = outputUrls(prediction);
        return downloadVideo(REPLICATE_PROVIDER, url!, join(work, 'provider.mp4'), this.#limits, signal);
      });
      const price = this.#config.prices[model];
      await reportCost(request.onCost, costOf(REPLICATE_PROVIDER, model, 'seconds', Math.round(clip.durationSeconds * 100) / 100, price?.unit === 'seconds' ? unitPrice(this.#config, model) : 0));
      return await finishProviderClip(clip.file, request, (name) => join(work, name));
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
}
