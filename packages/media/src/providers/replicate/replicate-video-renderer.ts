import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TalkingVideoRenderer, TalkingVideoRequest, VideoResult } from '../../engines.ts';
import { withDeadline } from '../call-provider.ts';
import { downloadVideo } from '../download.ts';
import { finishProviderClip, voiceAsMp3 } from '../finish-clip.ts';
import { mediaDurationSeconds } from '../../media-duration.ts';
import { callbackPlan, type CallbackPlan, type ProviderCallbackWaiter } from '../provider-callbacks.ts';
import type { DownloadLimits, ReplicateConfig } from '../provider-config.ts';
import { ProviderError } from '../provider-error.ts';
import { withRetry } from '../retry.ts';
import { audioLimitFor } from '../video-limits.ts';
import { outputUrls, REPLICATE_PROVIDER, replicateCharge, replicatePrice, runPrediction, uploadFile } from './replicate-predictions.ts';

/** bytedance/omni-human on Replicate: the picture and the scene's audio in, a talking clip out. */
export class ReplicateVideoRenderer implements TalkingVideoRenderer {
  readonly #config: ReplicateConfig;
  readonly #limits: DownloadLimits;
  readonly #callbacks: CallbackPlan | undefined;
  readonly maxAudioSeconds: number;

  /** With a waiter and config.webhook, Replicate calls us back when the clip is ready; else it is polled. */
  constructor(config: ReplicateConfig, limits: DownloadLimits, waiter?: ProviderCallbackWaiter) {
    replicatePrice(config, config.models.video, 'seconds');
    this.#config = config;
    this.#limits = limits;
    this.#callbacks = callbackPlan(config.webhook, waiter);
    this.maxAudioSeconds = audioLimitFor(config.models.video);
  }

  async render(request: TalkingVideoRequest): Promise<VideoResult> {
    const model = this.#config.models.video;
    const seconds = await mediaDurationSeconds(request.audioFile);
    if (seconds > this.maxAudioSeconds) {
      throw new ProviderError('rejected', REPLICATE_PROVIDER, `scene audio is ${seconds.toFixed(1)} s; ${model} accepts at most ${this.maxAudioSeconds} s`);
    }
    const work = await mkdtemp(join(tmpdir(), 'reelsmith-replicate-'));
    try {
      // omni-human documents MP3/WAV audio: the stored AAC voice is sent as MP3, billed by its length.
      const voice = await voiceAsMp3(request.audioFile, join(work, 'voice.mp3'));
      const [image, audio] = await Promise.all([readFile(request.imageFile), readFile(voice.file)]);
      // Uploads, create, polls and download each retry on their own; the prediction is created once and
      // charged (per second of output, as long as the audio sent) the moment it succeeds.
      const clip = await withDeadline(REPLICATE_PROVIDER, this.#config.policy, async (signal) => {
        request.onProgress?.(0.05);
        const imageUrl = await uploadFile(this.#config, image, 'avatar.png', 'image/png', signal);
        const audioUrl = await uploadFile(this.#config, audio, 'voice.mp3', 'audio/mpeg', signal);
        const prediction = await runPrediction(this.#config, model, { image: imageUrl, audio: audioUrl }, signal, {
          charge: replicateCharge(this.#config, model, 'seconds', voice.seconds),
          onCost: request.onCost,
          callbacks: this.#callbacks,
        });
        request.onProgress?.(0.8);
        const [url] = outputUrls(prediction);
        return withRetry(REPLICATE_PROVIDER, this.#config.policy, signal, (s) => downloadVideo(REPLICATE_PROVIDER, url!, join(work, 'provider.mp4'), this.#limits, s));
      });
      return await finishProviderClip(clip.file, request, (name) => join(work, name));
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
}
