// Replicate's HTTP API by fetch: POST /v1/models/{owner}/{name}/predictions (Prefer: wait, so a fast
// model answers from the create call itself), then GET /v1/predictions/{id} until succeeded / failed /
// canceled; inputs uploaded through /v1/files. Plain fetch rather than the SDK: the SDK's built-in retry
// loop swallows aborts and sleeps without a signal, so our deadline could not end a call
// (docs/decisions.md).
//
// Paying once: the create is sent once (repeated only on a 429, when Replicate took nothing; Replicate
// offers no idempotency key), each poll retries on its own, a prediction we stop waiting for is
// cancelled, and the moment a prediction has succeeded its charge is reported (onCharged), before any
// output is downloaded or checked.
import { costOf, MissingPriceError, reportCost, type CostSink, type ProviderCost } from '../cost.ts';
import { lookupPrice, missingPriceMessage, type PriceSource } from '../prices.ts';
import { PredictionWait, type CallbackPlan } from '../provider-callbacks.ts';
import type { ReplicateConfig } from '../provider-config.ts';
import { errorFromResponse, ProviderError } from '../provider-error.ts';
import { createOnce, withRetry } from '../retry.ts';

export const REPLICATE_PROVIDER = 'replicate';

export interface Prediction {
  id: string;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'aborted';
  output?: unknown;
  error?: unknown;
  metrics?: { predict_time?: number } | undefined;
}

function headers(config: ReplicateConfig, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${config.apiKey}`, ...extra };
}

const api = (config: ReplicateConfig, path: string) => `${config.baseUrl.replace(/\/$/, '')}/v1${path}`;

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw await errorFromResponse(REPLICATE_PROVIDER, response);
  try {
    return (await response.json()) as T;
  } catch (err) {
    throw new ProviderError('bad_output', REPLICATE_PROVIDER, 'answer is not JSON', { cause: err });
  }
}

/** A model's price, keyed by the configured model id; a model without one refuses to start. */
export function replicatePrice(config: ReplicateConfig, model: string, unit: 'images' | 'seconds'): { usd: number; source: PriceSource } {
  const price = lookupPrice(config.prices, model, () => missingPriceMessage('Replicate', model, 'REPLICATE_PRICES', JSON.stringify({ [model]: { unit, usd: 0.1 } })));
  if (price.unit !== unit) throw new MissingPriceError(`The price of the Replicate model '${model}' is per ${price.unit}, but this model is billed per ${unit}: fix REPLICATE_PRICES.`);
  return { usd: price.usd, source: price.source };
}

/** Replicate's charge for one succeeded prediction: per image, or per second of output (as long as the audio sent). */
export function replicateCharge(config: ReplicateConfig, model: string, unit: 'images' | 'seconds', quantity: number): ProviderCost {
  const price = replicatePrice(config, model, unit);
  return costOf(REPLICATE_PROVIDER, model, unit, unit === 'seconds' ? Math.round(quantity * 100) / 100 : quantity, price.usd, price.source);
}

/** Uploads an input file (retried on its own: an upload is free); answers the URL a prediction can read it from. */
export async function uploadFile(config: ReplicateConfig, content: Buffer, filename: string, contentType: string, signal: AbortSignal): Promise<string> {
  return withRetry(REPLICATE_PROVIDER, config.policy, signal, async (s) => {
    const form = new FormData();
    form.append('content', new Blob([new Uint8Array(content)], { type: contentType }), filename);
    const file = await json<{ urls?: { get?: string } }>(await fetch(api(config, '/files'), { method: 'POST', headers: headers(config), body: form, signal: s }));
    if (!file.urls?.get) throw new ProviderError('bad_output', REPLICATE_PROVIDER, 'file upload answered without a URL');
    return file.urls.get;
  });
}

/**
 * Asks Replicate to stop a prediction nobody will read. Its own short deadline (the run's signal has
 * usually ended); answers the prediction as the cancel left it (it may have succeeded meanwhile).
 */
export async function cancelPrediction(config: ReplicateConfig, id: string): Promise<Prediction | undefined> {
  const signal = AbortSignal.timeout(10_000);
  try {
    return await withRetry(REPLICATE_PROVIDER, { ...config.policy, maxRetries: Math.min(config.policy.maxRetries, 2) }, signal, async (s) =>
      json<Prediction>(await fetch(api(config, `/predictions/${id}/cancel`), { method: 'POST', headers: headers(config), signal: s })),
    );
  } catch {
    return undefined;
  }
}

/** The provider's reason for a failed prediction, in our catalogue: deterministic, so never retried. */
export function failedPredictionError(prediction: Prediction): ProviderError {
  const detail = (typeof prediction.error === 'string' ? prediction.error : JSON.stringify(prediction.error ?? prediction.status)).slice(0, 300);
  if (prediction.status === 'failed') return new ProviderError('rejected', REPLICATE_PROVIDER, `prediction failed: ${detail}`);
  // Canceled or aborted by someone else: nothing was produced (and a new attempt is a new prediction).
  return new ProviderError('unavailable', REPLICATE_PROVIDER, `prediction ${prediction.status}: ${detail}`);
}

export interface RunOptions {
  /** The charge of this prediction once it has succeeded (reported at once, whatever happens next). */
  charge: ProviderCost;
  onCost?: CostSink | undefined;
  /**
   * Ask Replicate to call us back when the prediction completes, and wait for that callback instead
   * of polling (the slow poll stays as the fallback). Without it, the prediction is polled.
   */
  callbacks?: CallbackPlan | undefined;
}

/** Runs a model to a terminal state; answers the succeeded prediction or throws a ProviderError. */
export async function runPrediction(config: ReplicateConfig, model: string, input: Record<string, unknown>, signal: AbortSignal, options: RunOptions): Promise<Prediction> {
  const [owner, name] = model.split('/');
  let prediction = await createOnce(REPLICATE_PROVIDER, config.policy, signal, async (s) =>
    json<Prediction>(
      await fetch(api(config, `/models/${owner}/${name}/predictions`), {
        method: 'POST',
        // Cancel-After: Replicate cancels the prediction itself at our deadline, even when the create's
        // answer never reached us (aborted during the Prefer: wait) and we hold no id to cancel it by.
        headers: headers(config, { 'content-type': 'application/json', prefer: `wait=${config.preferWaitSeconds}`, 'cancel-after': `${Math.max(1, Math.ceil(config.policy.timeoutMs / 1000))}s` }),
        body: JSON.stringify(options.callbacks ? { input, webhook: options.callbacks.url, webhook_events_filter: ['completed'] } : { input }),
        signal: s,
      }),
    ),
  );
  if (typeof prediction?.id !== 'string') throw new ProviderError('bad_output', REPLICATE_PROVIDER, 'prediction answered without an id');
  let charged = false;
  const charge = async () => {
    if (charged) return;
    charged = true;
    await reportCost(options.onCost, options.charge);
  };
  const running = () => prediction.status === 'starting' || prediction.status === 'processing';
  const wait = new PredictionWait('replicate', options.callbacks, config.pollIntervalMs);
  try {
    if (running()) await options.callbacks?.waiter.expect('replicate', prediction.id);
    while (running()) {
      // The callback only wakes us: the prediction is always read from Replicate's API.
      await wait.next(prediction.id, signal);
      const id = prediction.id;
      prediction = await withRetry(REPLICATE_PROVIDER, config.policy, signal, async (s) => json<Prediction>(await fetch(api(config, `/predictions/${id}`), { headers: headers(config), signal: s })));
    }
  } catch (err) {
    // We stop waiting (deadline, outer abort, polls failing past their retries): stop paying for a
    // prediction nobody will read. If it succeeded before the cancel landed, it was charged: record it.
    const after = await cancelPrediction(config, prediction.id);
    if (after?.status === 'succeeded') await charge();
    throw err;
  }
  if (prediction.status === 'succeeded') {
    await charge();
    return prediction;
  }
  throw failedPredictionError(prediction);
}

/** A prediction's output as a list of URLs or data: URIs (models answer a string or an array of strings). */
export function outputUrls(prediction: Prediction): string[] {
  const output = prediction.output;
  const urls = typeof output === 'string' ? [output] : Array.isArray(output) ? output.filter((u): u is string => typeof u === 'string') : [];
  if (urls.length === 0 || !urls.every((u) => /^(https?:\/\/|data:)/i.test(u))) throw new ProviderError('bad_output', REPLICATE_PROVIDER, 'prediction output is not a URL');
  return urls;
}
