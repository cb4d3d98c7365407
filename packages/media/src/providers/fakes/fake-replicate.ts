// Replicate on loopback, as documented: POST /v1/files (multipart 'content'), POST
// /v1/models/{owner}/{name}/predictions (checks Bearer token and each model's documented input fields;
// with `Prefer: wait` a fast model answers the finished prediction from the create call itself),
// GET /v1/predictions/{id} (processing, then succeeded), POST /v1/predictions/{id}/cancel, and the
// output files themselves (real PNG and MP4), as https-style URLs or as data: URIs.
//
// Webhooks as documented: a create with `webhook` (and `webhook_events_filter`) is called back when the
// prediction completes, signed as Replicate signs (webhook-id, webhook-timestamp, webhook-signature:
// "v1,<base64 HMAC-SHA256 of id.timestamp.body>" keyed by the account's whsec_ secret, which
// GET /v1/webhooks/default/secret answers). With `finishAfterMs` set, predictions finish on their own
// after that time (polls read them, never advance them), as a real model does.
//
// It keeps the books a test needs to say "one create, one charge": creates, cancels, uploads, and the
// charges Replicate would bill (each succeeded prediction: per image, or per second of output video;
// failed and cancelled-before-success predictions are not billed).
import { createHmac, randomBytes } from 'node:crypto';
import { mediaDurationSeconds } from '../../media-duration.ts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeHttpServer, type FakeReply, type RecordedRequest } from './fake-http.ts';
import { mp4ForAudio, pngPicture } from './media-fixtures.ts';
import { FakeWebhooks, type WebhookPost } from './webhook-delivery.ts';

/** Replicate's documented answer when the account is out of credit (HTTP 402). */
export const REPLICATE_OUT_OF_CREDIT: FakeReply = {
  status: 402,
  json: {
    title: 'Insufficient credit',
    detail: 'You have insufficient credit to run this model. Go to https://replicate.com/account/billing#billing to purchase credit. Once you purchase credit, please wait a few minutes before trying again.',
    status: 402,
  },
};

/** What the fake bills per model (the list prices of docs/providers.md). */
export const FAKE_REPLICATE_PRICES: Record<string, { unit: 'images' | 'seconds'; usd: number }> = {
  'google/imagen-4-ultra': { unit: 'images', usd: 0.06 },
  'black-forest-labs/flux-kontext-pro': { unit: 'images', usd: 0.04 },
  'flux-kontext-apps/multi-image-kontext-pro': { unit: 'images', usd: 0.04 },
  'bytedance/omni-human': { unit: 'seconds', usd: 0.14 },
  'bytedance/omni-human-1.5': { unit: 'seconds', usd: 0.16 },
};

export interface FakeCharge {
  predictionId: string;
  model: string;
  unit: 'images' | 'seconds';
  quantity: number;
  usd: number;
}

async function secondsOf(bytes: Buffer): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'reelsmith-fake-probe-'));
  try {
    await writeFile(join(dir, 'audio'), bytes);
    return await mediaDurationSeconds(join(dir, 'audio'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const aspects = ['1:1', '9:16', '16:9', '3:4', '4:3'];

/** The documented input fields each model needs; answers what is missing or wrong. */
export function replicateInputProblems(model: string, input: Record<string, unknown> | undefined, typeOf: (url: string) => string | undefined = () => undefined): string[] {
  const problems: string[] = [];
  const text = (k: string) => typeof input?.[k] === 'string' && (input[k] as string).length > 0;
  const url = (k: string) => typeof input?.[k] === 'string' && /^(https?:|data:)/.test(input[k] as string);
  if (model === 'google/imagen-4-ultra' || model === 'black-forest-labs/flux-kontext-pro') {
    if (!text('prompt')) problems.push('prompt');
    if (!aspects.includes(String(input?.aspect_ratio))) problems.push('aspect_ratio');
  } else if (model === 'flux-kontext-apps/multi-image-kontext-pro') {
    if (!text('prompt')) problems.push('prompt');
    if (!url('input_image_1')) problems.push('input_image_1');
    if (!url('input_image_2')) problems.push('input_image_2');
  } else if (model === 'bytedance/omni-human' || model === 'bytedance/omni-human-1.5') {
    if (!url('image')) problems.push('image');
    if (!url('audio')) problems.push('audio');
    // The model pages document MP3 or WAV audio.
    else if (!/^audio\/(mpeg|mp3|wav|x-wav|wave)$/.test(typeOf(String(input!.audio)) ?? '')) problems.push('audio (MP3 or WAV)');
  } else {
    problems.push(`unknown model ${model}`);
  }
  return problems;
}

interface FakePrediction {
  id: string;
  model: string;
  input: Record<string, unknown>;
  polls: number;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  error?: string;
  output?: string;
  webhook?: string;
  webhookEvents?: unknown;
}

export class FakeReplicate {
  readonly server: FakeHttpServer;
  readonly files = new Map<string, { bytes: Buffer; type: string }>();
  readonly predictions = new Map<string, FakePrediction>();
  /**
   * Polls answered 'processing' before a prediction succeeds. 0: the model is fast, so a create sent
   * with `Prefer: wait` answers the succeeded prediction itself (no poll at all).
   */
  processingPolls = 1;
  /** Replace the next prediction's output (e.g. a non-URL, or a URL to a huge file). */
  nextOutput: string[] = [];
  /** Outputs as data: URIs (what sync mode may answer) instead of delivery URLs. */
  dataUriOutputs = false;
  /** The next predictions fail with these reasons (deterministic failures, e.g. 'No face detected'). */
  failNext: string[] = [];
  /** A cancel that lands too late: the prediction finishes (and is billed) before it stops. */
  finishBeforeCancel = false;
  /** Predictions finish on their own this long after creation (polls only read them); undefined: on polls. */
  finishAfterMs: number | undefined = undefined;
  /** The account's webhook signing secret (whsec_ + base64), as GET /v1/webhooks/default/secret answers it. */
  readonly webhookSecret = `whsec_${randomBytes(32).toString('base64')}`;
  /** Callbacks sent to the webhook URLs given at creation. */
  readonly webhooks = new FakeWebhooks();
  /** The books: what was created, cancelled, uploaded and billed. */
  creates = 0;
  cancels = 0;
  uploads = 0;
  readonly charges: FakeCharge[] = [];
  readonly #apiKey: string;
  #counter = 0;

  constructor(apiKey = 'r8_fake') {
    this.#apiKey = apiKey;
    this.server = new FakeHttpServer((request) => this.#handle(request));
  }

  async start(): Promise<string> {
    return this.server.start();
  }

  close(): Promise<void> {
    return this.server.close();
  }

  get chargedUsd(): number {
    return Math.round(this.charges.reduce((sum, c) => sum + c.usd, 0) * 1e6) / 1e6;
  }

  /** Clears the books and the queued behaviours (between tests). */
  reset(): void {
    this.server.requests.length = 0;
    this.server.behave();
    this.creates = 0;
    this.cancels = 0;
    this.uploads = 0;
    this.charges.length = 0;
    this.nextOutput.length = 0;
    this.failNext.length = 0;
    this.processingPolls = 1;
    this.dataUriOutputs = false;
    this.finishBeforeCancel = false;
    this.finishAfterMs = undefined;
    this.webhooks.reset();
  }

  /** Signs a callback body as Replicate does, with this account's secret (or another, to forge one). */
  signWebhook(body: string, options: { id?: string; timestamp?: number; secret?: string } = {}): Record<string, string> {
    const id = options.id ?? `msg_${randomBytes(8).toString('hex')}`;
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const key = Buffer.from((options.secret ?? this.webhookSecret).slice('whsec_'.length), 'base64');
    const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
    return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
  }

  /** The callback of a completed prediction, as Replicate posts it: the prediction object, signed. */
  webhookPost(id: string): WebhookPost | undefined {
    const prediction = this.predictions.get(id);
    if (!prediction?.webhook) return undefined;
    const body = JSON.stringify(this.#view(prediction));
    return { url: prediction.webhook, headers: this.signWebhook(body), body };
  }

  async #handle(request: RecordedRequest): Promise<FakeReply> {
    const base = this.server.baseUrl;
    const served = /^\/delivery\/([\w.-]+)$/.exec(request.path);
    if (served && request.method === 'GET') {
      const file = this.files.get(served[1]!);
      return file ? { headers: { 'content-type': file.type }, body: file.bytes } : { status: 404, body: 'gone' };
    }
    if (request.headers.authorization !== `Bearer ${this.#apiKey}`) return { status: 401, json: { title: 'Unauthenticated', detail: 'You did not pass a valid authentication token' } };
    if (request.method === 'GET' && request.path === '/v1/webhooks/default/secret') return { json: { key: this.webhookSecret } };
    if (request.method === 'POST' && request.path === '/v1/files') {
      const form = await new Request('http://fake/', { method: 'POST', headers: { 'content-type': String(request.headers['content-type']) }, body: new Uint8Array(request.raw) }).formData();
      const content = form.get('content');
      if (!(content instanceof Blob)) return { status: 400, json: { detail: "missing multipart field 'content'" } };
      this.uploads += 1;
      const id = `file-${++this.#counter}`;
      this.files.set(id, { bytes: Buffer.from(await content.arrayBuffer()), type: content.type || 'application/octet-stream' });
      return { status: 201, json: { id, content_type: content.type, size: content.size, urls: { get: `${base}/delivery/${id}` } } };
    }
    const create = /^\/v1\/models\/([^/]+)\/([^/]+)\/predictions$/.exec(request.path);
    if (request.method === 'POST' && create) {
      const model = `${create[1]}/${create[2]}`;
      const body = request.json as { input?: Record<string, unknown>; webhook?: unknown; webhook_events_filter?: unknown } | undefined;
      const input = body?.input;
      const problems = replicateInputProblems(model, input, (u) => this.#inputFile(u)?.type);
      if (problems.length) return { status: 422, json: { title: 'Input validation failed', detail: problems.join(', '), status: 422 } };
      this.creates += 1;
      const id = `pred-${++this.#counter}`;
      const prediction: FakePrediction = { id, model, input: input!, polls: 0, status: 'starting' };
      if (typeof body?.webhook === 'string') {
        prediction.webhook = body.webhook;
        prediction.webhookEvents = body.webhook_events_filter;
      }
      this.predictions.set(id, prediction);
      const failure = this.failNext.shift();
      if (failure !== undefined) {
        prediction.status = 'failed';
        prediction.error = failure;
      }
      if (failure === undefined && this.finishAfterMs !== undefined) {
        const finish = async () => {
          if (prediction.status !== 'starting' && prediction.status !== 'processing') return undefined;
          await this.#succeed(prediction);
          return this.webhookPost(prediction.id);
        };
        if (this.webhooks.overtake) {
          // The answer was written when the prediction was created ('starting'); the callback reaches the receiver first.
          const answer = this.#view(prediction);
          await this.webhooks.now(finish);
          return { status: 201, json: answer };
        }
        this.webhooks.later(this.finishAfterMs, finish);
      }
      // Sync mode: with Prefer: wait, a model that finishes within the wait answers from the create.
      if (failure === undefined && /^wait/.test(String(request.headers.prefer ?? '')) && this.processingPolls === 0) await this.#succeed(prediction);
      return { status: 201, json: this.#view(prediction) };
    }
    const get = /^\/v1\/predictions\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && get) {
      const prediction = this.predictions.get(get[1]!);
      if (!prediction) return { status: 404, json: { detail: 'Not found.' } };
      if ((prediction.status === 'starting' || prediction.status === 'processing') && this.finishAfterMs !== undefined) prediction.status = 'processing';
      else if (prediction.status === 'starting' || prediction.status === 'processing') {
        prediction.polls += 1;
        prediction.status = 'processing';
        if (prediction.polls > this.processingPolls) await this.#succeed(prediction);
      }
      return { json: this.#view(prediction) };
    }
    const cancel = /^\/v1\/predictions\/([^/]+)\/cancel$/.exec(request.path);
    if (request.method === 'POST' && cancel) {
      const prediction = this.predictions.get(cancel[1]!);
      if (!prediction) return { status: 404, json: { detail: 'Not found.' } };
      this.cancels += 1;
      // A prediction already finished stays as it was (and stays billed); a running one stops unbilled.
      if (prediction.status === 'starting' || prediction.status === 'processing') {
        if (this.finishBeforeCancel) await this.#succeed(prediction);
        else prediction.status = 'canceled';
      }
      return { json: this.#view(prediction) };
    }
    return { status: 404, json: { detail: 'Not found.' } };
  }

  #view(p: FakePrediction): Record<string, unknown> {
    const base = this.server.baseUrl;
    return {
      id: p.id,
      model: p.model,
      status: p.status,
      input: p.input,
      output: p.status === 'succeeded' ? p.output : null,
      error: p.error ?? null,
      ...(p.status === 'succeeded' ? { metrics: { predict_time: 1.2 } } : {}),
      urls: { get: `${base}/v1/predictions/${p.id}`, cancel: `${base}/v1/predictions/${p.id}/cancel` },
    };
  }

  async #succeed(prediction: FakePrediction): Promise<void> {
    prediction.output ??= this.nextOutput.shift() ?? (await this.#produce(prediction));
    prediction.status = 'succeeded';
    const price = FAKE_REPLICATE_PRICES[prediction.model];
    if (!price) return;
    let quantity = 1;
    if (price.unit === 'seconds') {
      const audio = this.#inputFile(prediction.input.audio);
      quantity = audio ? Math.round((await secondsOf(audio.bytes)) * 100) / 100 : 0;
    }
    this.charges.push({ predictionId: prediction.id, model: prediction.model, unit: price.unit, quantity, usd: Math.round(quantity * price.usd * 1e6) / 1e6 });
  }

  #inputFile(value: unknown): { bytes: Buffer; type: string } | undefined {
    const text = String(value);
    const data = /^data:([^;,]*);base64,(.*)$/s.exec(text);
    if (data) return { bytes: Buffer.from(data[2]!, 'base64'), type: data[1]! };
    const id = /\/delivery\/([\w.-]+)$/.exec(text)?.[1];
    return id ? this.files.get(id) : undefined;
  }

  async #produce(prediction: FakePrediction): Promise<string> {
    const id = `out-${++this.#counter}`;
    if (prediction.model.startsWith('bytedance/omni-human')) {
      const audio = this.#inputFile(prediction.input.audio);
      if (!audio) throw new Error('audio input not found');
      this.files.set(id, { bytes: await mp4ForAudio(audio.bytes), type: 'video/mp4' });
    } else {
      const aspect = String(prediction.input.aspect_ratio ?? '9:16');
      this.files.set(id, { bytes: await pngPicture(aspect, this.#counter), type: 'image/png' });
    }
    const file = this.files.get(id)!;
    if (this.dataUriOutputs) return `data:${file.type};base64,${file.bytes.toString('base64')}`;
    return `${this.server.baseUrl}/delivery/${id}`;
  }

  /** Serves a file of this many bytes with this type (for the oversized-download case). */
  serve(bytes: Buffer, type: string): string {
    const id = `big-${++this.#counter}`;
    this.files.set(id, { bytes, type });
    return `${this.server.baseUrl}/delivery/${id}`;
  }
}
