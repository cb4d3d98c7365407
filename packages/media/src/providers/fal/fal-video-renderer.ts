// OmniHuman on fal through its HTTP queue API (inputs uploaded to fal's CDN and sent by URL; POST
// queue.fal.run/{model}, then .../requests/{id}/status
// until COMPLETED, then .../requests/{id} for the result). Plain fetch with a configurable base URL:
// @fal-ai/client only offers a browser proxy URL, not a base URL, so it cannot reach the loopback fake.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TalkingVideoRenderer, TalkingVideoRequest, VideoResult } from '../../engines.ts';
import { withDeadline } from '../call-provider.ts';
import { costOf, reportCost } from '../cost.ts';
import { lookupPrice, missingPriceMessage, type PriceSource } from '../prices.ts';
import { downloadVideo } from '../download.ts';
import { finishProviderClip, voiceAsMp3 } from '../finish-clip.ts';
import { mediaDurationSeconds } from '../../media-duration.ts';
import { callbackPlan, PredictionWait, type CallbackPlan, type ProviderCallbackWaiter } from '../provider-callbacks.ts';
import type { DownloadLimits, FalConfig } from '../provider-config.ts';
import { errorFromResponse, ProviderError } from '../provider-error.ts';
import { createOnce, withRetry } from '../retry.ts';
import { audioLimitFor } from '../video-limits.ts';

export const FAL_PROVIDER = 'fal';

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw await errorFromResponse(FAL_PROVIDER, response);
  try {
    return (await response.json()) as T;
  } catch (err) {
    throw new ProviderError('bad_output', FAL_PROVIDER, 'answer is not JSON', { cause: err });
  }
}

/**
 * An input on fal's CDN (POST {storage}/storage/upload/initiate, then PUT the bytes to the signed URL);
 * answers the file URL a model reads. Each step retries on its own: an upload is free.
 */
async function uploadToFal(config: FalConfig, bytes: Buffer, fileName: string, contentType: string, signal: AbortSignal): Promise<string> {
  const auth = { authorization: `Key ${config.apiKey}` };
  const storage = config.storageUrl.replace(/\/$/, '');
  const target = await withRetry(FAL_PROVIDER, config.policy, signal, async (s) =>
    json<{ upload_url?: string; file_url?: string }>(
      await fetch(`${storage}/storage/upload/initiate?storage_type=fal-cdn-v3`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ content_type: contentType, file_name: fileName }),
        signal: s,
      }),
    ),
  );
  if (!target.upload_url || !target.file_url) throw new ProviderError('bad_output', FAL_PROVIDER, 'upload initiate answered without upload_url / file_url');
  await withRetry(FAL_PROVIDER, config.policy, signal, async (s) => {
    const put = await fetch(target.upload_url!, { method: 'PUT', headers: { 'content-type': contentType }, body: new Uint8Array(bytes), signal: s });
    if (!put.ok) throw await errorFromResponse(FAL_PROVIDER, put);
    await put.body?.cancel();
  });
  return target.file_url;
}

/** The configured model's price per second of video (keyed by FAL_VIDEO_MODEL); none refuses to start. */
export function falPrice(config: FalConfig): { usdPerSecond: number; source: PriceSource } {
  return lookupPrice(config.prices, config.videoModel, () => missingPriceMessage('fal', config.videoModel, 'FAL_PRICES', JSON.stringify({ [config.videoModel]: { usdPerSecond: 0.16 } })));
}

/** Asks fal to drop a request we stopped waiting for (its own short deadline; best effort). */
async function cancelFalRequest(url: string, auth: Record<string, string>): Promise<void> {
  await fetch(url, { method: 'PUT', headers: auth, signal: AbortSignal.timeout(10_000) }).then((r) => r.body?.cancel(), () => undefined);
}


export class FalVideoRenderer implements TalkingVideoRenderer {
  readonly #config: FalConfig;
  readonly #limits: DownloadLimits;
  readonly #callbacks: CallbackPlan | undefined;
  readonly maxAudioSeconds: number;

  /** With a waiter and config.webhook, fal calls us back when the request finishes (fal_webhook); else it is polled. */
  constructor(config: FalConfig, limits: DownloadLimits, waiter?: ProviderCallbackWaiter) {
    falPrice(config);
    this.#config = config;
    this.#limits = limits;
    this.#callbacks = callbackPlan(config.webhook, waiter);
    this.maxAudioSeconds = audioLimitFor(config.videoModel);
  }

  async render(request: TalkingVideoRequest): Promise<VideoResult> {
    const model = this.#config.videoModel;
    const seconds = await mediaDurationSeconds(request.audioFile);
    if (seconds > this.maxAudioSeconds) throw new ProviderError('rejected', FAL_PROVIDER, `scene audio is ${seconds.toFixed(1)} s; ${model} accepts at most ${this.maxAudioSeconds} s`);
    const base = this.#config.baseUrl.replace(/\/$/, '');
    // Status and result live under the app id (owner/app), without the endpoint's sub-path.
    const appId = model.split('/').slice(0, 2).join('/');
    const auth = { authorization: `Key ${this.#config.apiKey}` };
    const policy = this.#config.policy;
    const work = await mkdtemp(join(tmpdir(), 'reelsmith-fal-'));
    try {
      // OmniHuman on fal documents MP3/WAV audio: the stored AAC voice is sent as MP3, billed by its length.
      const voice = await voiceAsMp3(request.audioFile, join(work, 'voice.mp3'));
      const [image, audio] = await Promise.all([readFile(request.imageFile), readFile(voice.file)]);
      const price = falPrice(this.#config);
      const charge = costOf(FAL_PROVIDER, model, 'seconds', Math.round(voice.seconds * 100) / 100, price.usdPerSecond, price.source);
      // Submitted once (again only after a 429, when fal took nothing); status, result and download each
      // retry on their own; a request we stop waiting for is cancelled (PUT .../cancel).
      const clip = await withDeadline(FAL_PROVIDER, this.#config.policy, async (signal) => {
        // Inputs by URL on fal's CDN (fal documents URLs; data URIs of several MB are not for this model).
        const imageUrl = await uploadToFal(this.#config, image, 'avatar.png', 'image/png', signal);
        const audioUrl = await uploadToFal(this.#config, audio, 'voice.mp3', 'audio/mpeg', signal);
        const submitted = await createOnce(FAL_PROVIDER, policy, signal, async (s) =>
          json<{ request_id?: string; status_url?: string; response_url?: string; cancel_url?: string }>(
            await fetch(this.#callbacks ? `${base}/${model}?fal_webhook=${encodeURIComponent(this.#callbacks.url)}` : `${base}/${model}`, {
              method: 'POST',
              headers: { ...auth, 'content-type': 'application/json' },
              body: JSON.stringify({ image_url: imageUrl, audio_url: audioUrl }),
              signal: s,
            }),
          ),
        );
        if (!submitted.request_id) throw new ProviderError('bad_output', FAL_PROVIDER, 'submit answered without a request_id');
        const requestUrl = `${base}/${appId}/requests/${submitted.request_id}`;
        request.onProgress?.(0.05);
        const requestId = submitted.request_id;
        const wait = new PredictionWait('fal', this.#callbacks, this.#config.pollIntervalMs);
        try {
          await this.#callbacks?.waiter.expect('fal', requestId);
          // Without a callback plan the first status is read at once (as before); with one, after the callback or the slow poll.
          if (this.#callbacks) await wait.next(requestId, signal);
          for (;;) {
            // The callback only wakes us: the status and result are always read from fal's API.
            const status = await withRetry(FAL_PROVIDER, policy, signal, async (s) => json<{ status?: string }>(await fetch(`${requestUrl}/status`, { headers: auth, signal: s })));
            if (status.status === 'COMPLETED') break;
            if (status.status !== 'IN_QUEUE' && status.status !== 'IN_PROGRESS') throw new ProviderError('bad_output', FAL_PROVIDER, `unknown status ${String(status.status)}`);
            await wait.next(requestId, signal);
          }
        } catch (err) {
          await cancelFalRequest(`${requestUrl}/cancel`, auth);
          throw err;
        }
        // A failed run answers its result with an error (422: the provider's reason, not retried).
        const result = await withRetry(FAL_PROVIDER, policy, signal, async (s) => json<{ video?: { url?: string }; duration?: number }>(await fetch(requestUrl, { headers: auth, signal: s })));
        // The run succeeded: fal charges it now, whatever we make of the output.
        await reportCost(request.onCost, charge);
        const url = result.video?.url;
        if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new ProviderError('bad_output', FAL_PROVIDER, 'result has no video URL');
        request.onProgress?.(0.8);
        return withRetry(FAL_PROVIDER, policy, signal, (s) => downloadVideo(FAL_PROVIDER, url, join(work, 'provider.mp4'), this.#limits, s));
      });
      return await finishProviderClip(clip.file, request, (name) => join(work, name));
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
}
