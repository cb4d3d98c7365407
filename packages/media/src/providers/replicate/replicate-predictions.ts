// Replicate's HTTP API by fetch: POST /v1/models/{owner}/{name}/predictions (Prefer: wait), then
// GET /v1/predictions/{id} until succeeded / failed / canceled; inputs uploaded through /v1/files.
// Plain fetch rather than the SDK: the SDK's built-in retry loop swallows aborts and sleeps without
// a signal, so our deadline could not end a call (docs/decisions.md).
import { sleep } from '../retry.ts';
import type { ReplicateConfig } from '../provider-config.ts';
import { errorFromResponse, ProviderError } from '../provider-error.ts';

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

/** Uploads an input file; answers the URL a prediction can read it from. */
export async function uploadFile(config: ReplicateConfig, content: Buffer, filename: string, contentType: string, signal: AbortSignal): Promise<string> {
  const form = new FormData();
  form.append('content', new Blob([new Uint8Array(content)], { type: contentType }), filename);
  const file = await json<{ urls?: { get?: string } }>(await fetch(api(config, '/files'), { method: 'POST', headers: headers(config), body: form, signal }));
  if (!file.urls?.get) throw new ProviderError('bad_output', REPLICATE_PROVIDER, 'file upload answered without a URL');
  return file.urls.get;
}

/** Runs a model to a terminal state; answers the succeeded prediction or throws a ProviderError. */
export async function runPrediction(config: ReplicateConfig, model: string, input: Record<string, unknown>, signal: AbortSignal): Promise<Prediction> {
  const [owner, name] = model.split('/');
  let prediction = await json<Prediction>(
    await fetch(api(config, `/models/${owner}/${name}/predictions`), {
      method: 'POST',
      headers: headers(config, { 'content-type': 'application/json', prefer: `wait=${config.preferWaitSeconds}` }),
      body: JSON.stringify({ input }),
      signal,
    }),
  );
  if (typeof prediction?.id !== 'string') throw new ProviderError('bad_output', REPLICATE_PROVIDER, 'prediction answered without an id');
  try {
    while (prediction.status === 'starting' || prediction.status === 'processing') {
      await sleep(config.pollIntervalMs, signal);
      prediction = await json<Prediction>(await fetch(api(config, `/predictions/${prediction.id}`), { headers: headers(config), signal }));
    }
  } catch (err) {
    // Our deadline ended the wait: stop paying for a prediction nobody will read.
    if (signal.aborted) void fetch(api(config, `/predictions/${prediction.id}/cancel`), { method: 'POST', headers: headers(config) }).catch(() => undefined);
    throw err;
  }
  if (prediction.status === 'succeeded') return prediction;
  const detail = typeof prediction.error === 'string' ? prediction.error : JSON.stringify(prediction.error ?? prediction.status);
  if (prediction.status === 'failed' && /nsfw|safety|sensitive|content policy|flagged/i.test(detail)) throw new ProviderError('rejected', REPLICATE_PROVIDER, detail.slice(0, 300));
  throw new ProviderError('unavailable', REPLICATE_PROVIDER, `prediction ${prediction.status}: ${detail.slice(0, 300)}`);
}

/** A prediction's output as a list of URLs (models answer a string or an array of strings). */
export function outputUrls(prediction: Prediction): string[] {
  const output = prediction.output;
  const urls = typeof output === 'string' ? [output] : Array.isArray(output) ? output.filter((u): u is string => typeof u === 'string') : [];
  if (urls.length === 0 || !urls.every((u) => /^https?:\/\//.test(u))) throw new ProviderError('bad_output', REPLICATE_PROVIDER, 'prediction output is not a URL');
  return urls;
}
