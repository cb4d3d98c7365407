// fal's queue API on loopback, as documented: POST /{owner}/{app}/{path} (Authorization: Key, image_url
// and audio_url) answers request_id with status/response/cancel URLs; GET .../requests/{id}/status
// (IN_QUEUE, IN_PROGRESS, COMPLETED); GET .../requests/{id} (the result, or the run's error as a 422);
// PUT .../requests/{id}/cancel (CANCELLATION_REQUESTED, or ALREADY_COMPLETED with 400).
//
// Webhooks as documented: a submit with `?fal_webhook=<url>` is called back when the request finishes
// with { request_id, gateway_request_id, status: OK | ERROR, payload }, signed as fal signs: ED25519 over
// request id, user id, timestamp and the body's SHA-256 hex, newline-joined, in X-Fal-Webhook-Signature
// (hex), with the fake's own key, whose public half GET /.well-known/jwks.json serves. With
// `finishAfterMs` set, requests finish on their own after that time (status reads never advance them).
//
// Its books say "one submission, one charge": submits, cancels and the charges fal would bill (a run
// that completed without error, per second of video, as long as the audio sent).
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mediaDurationSeconds } from '../../media-duration.ts';
import { FakeHttpServer, type FakeReply, type RecordedRequest } from './fake-http.ts';
import { mp4ForAudio } from './media-fixtures.ts';
import { FakeWebhooks, type WebhookPost } from './webhook-delivery.ts';

/** fal's answer when the account's balance is exhausted: a 403 that is not a wrong key. */
export const FAL_OUT_OF_CREDIT: FakeReply = { status: 403, json: { detail: 'User is locked. Reason: Exhausted balance. Top up your balance at fal.ai/dashboard/billing.' } };

interface FalRequestEntry {
  audio: Buffer;
  polls: number;
  state: 'queued' | 'completed' | 'cancelled';
  error?: string;
  video?: string;
  webhook?: string;
}

export class FakeFal {
  readonly server: FakeHttpServer;
  /** Status polls answered IN_QUEUE / IN_PROGRESS before COMPLETED. */
  processingPolls = 2;
  /** The next runs fail with these reasons (deterministic: the result answers them as a 422). */
  failNext: string[] = [];
  /** USD per second of output video the fake bills. */
  usdPerSecond = 0.14;
  submits = 0;
  cancels = 0;
  readonly charges: { requestId: string; seconds: number; usd: number }[] = [];
  readonly #apiKey: string;
  readonly #requests = new Map<string, FalRequestEntry>();
  readonly #videos = new Map<string, Buffer>();
  /** Files uploaded to the fake CDN (POST /storage/upload/initiate, then PUT /upload/{id}). */
  readonly media = new Map<string, { bytes: Buffer; type: string }>();
  uploads = 0;
  /** Requests finish on their own this long after submission (status reads only look); undefined: on status reads. */
  finishAfterMs: number | undefined = undefined;
  /** Callbacks sent to the fal_webhook URLs given at submission. */
  readonly webhooks = new FakeWebhooks();
  /** The account the callbacks name (X-Fal-Webhook-User-Id). */
  readonly userId = 'fake-fal-user';
  readonly #keys = generateKeyPairSync('ed25519');
  #counter = 0;

  constructor(apiKey = 'fal-fake') {
    this.#apiKey = apiKey;
    this.server = new FakeHttpServer((request) => this.#handle(request));
  }

  start(): Promise<string> {
    return this.server.start();
  }

  close(): Promise<void> {
    return this.server.close();
  }

  get chargedUsd(): number {
    return Math.round(this.charges.reduce((sum, c) => sum + c.usd, 0) * 1e6) / 1e6;
  }

  reset(): void {
    this.server.requests.length = 0;
    this.server.behave();
    this.processingPolls = 2;
    this.failNext.length = 0;
    this.submits = 0;
    this.cancels = 0;
    this.uploads = 0;
    this.charges.length = 0;
    this.finishAfterMs = undefined;
    this.webhooks.reset();
  }

  /** Signs a callback body as fal does, with the fake's key (or another, to forge one). */
  signWebhook(body: string, requestId: string, options: { timestamp?: number; key?: KeyObject } = {}): Record<string, string> {
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const message = [requestId, this.userId, timestamp, createHash('sha256').update(body).digest('hex')].join('\n');
    return {
      'x-fal-webhook-request-id': requestId,
      'x-fal-webhook-user-id': this.userId,
      'x-fal-webhook-timestamp': timestamp,
      'x-fal-webhook-signature': sign(null, Buffer.from(message), options.key ?? this.#keys.privateKey).toString('hex'),
    };
  }

  /** The callback of a finished request, as fal posts it, signed. */
  async webhookPost(id: string): Promise<WebhookPost | undefined> {
    const entry = this.#requests.get(id);
    if (!entry?.webhook || entry.state !== 'completed') return undefined;
    const body = JSON.stringify(
      entry.error !== undefined
        ? { request_id: id, gateway_request_id: id, status: 'ERROR', error: 'Invalid status code: 422', payload: { detail: [{ loc: ['body', 'image_url'], msg: entry.error, type: 'value_error' }] } }
        : { request_id: id, gateway_request_id: id, status: 'OK', payload: await this.#result(entry) },
    );
    return { url: entry.webhook, headers: this.signWebhook(body, id), body };
  }

  async #result(entry: FalRequestEntry): Promise<{ video: { url: string; content_type: string }; duration: number }> {
    if (!entry.video) {
      const id = `v${++this.#counter}`;
      this.#videos.set(id, await mp4ForAudio(entry.audio));
      entry.video = id;
    }
    return { video: { url: `${this.server.baseUrl}/files/${entry.video}.mp4`, content_type: 'video/mp4' }, duration: 1 };
  }

  async #complete(id: string, entry: FalRequestEntry): Promise<void> {
    entry.state = 'completed';
    if (entry.error !== undefined) return;
    const dir = await mkdtemp(join(tmpdir(), 'reelsmith-fakefal-'));
    try {
      await writeFile(join(dir, 'audio'), entry.audio);
      const seconds = Math.round((await mediaDurationSeconds(join(dir, 'audio'))) * 100) / 100;
      this.charges.push({ requestId: id, seconds, usd: Math.round(seconds * this.usdPerSecond * 1e6) / 1e6 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async #handle(request: RecordedRequest): Promise<FakeReply> {
    const file = /^\/files\/([\w-]+)\.mp4$/.exec(request.path);
    if (file) {
      const video = this.#videos.get(file[1]!);
      return video ? { headers: { 'content-type': 'video/mp4' }, body: video } : { status: 404, body: 'gone' };
    }
    if (request.method === 'GET' && request.path === '/.well-known/jwks.json') return { json: { keys: [{ ...this.#keys.publicKey.export({ format: 'jwk' }), kid: 'fake-fal' }] } };
    const cdn = /^\/media\/([\w-]+)$/.exec(request.path);
    if (cdn && request.method === 'GET') {
      const file = this.media.get(cdn[1]!);
      return file ? { headers: { 'content-type': file.type }, body: file.bytes } : { status: 404, body: 'gone' };
    }
    const put = /^\/upload\/([\w-]+)$/.exec(request.path);
    if (put && request.method === 'PUT') {
      const file = this.media.get(put[1]!);
      if (!file) return { status: 404, body: 'no such upload' };
      file.bytes = request.raw;
      this.uploads += 1;
      return { status: 200, body: '' };
    }
    if (request.headers.authorization !== `Key ${this.#apiKey}`) return { status: 401, json: { detail: 'Unauthorized' } };
    if (request.method === 'POST' && request.path === '/storage/upload/initiate') {
      const body = request.json as { content_type?: unknown; file_name?: unknown } | undefined;
      if (typeof body?.content_type !== 'string' || typeof body.file_name !== 'string') return { status: 422, json: { detail: [{ loc: ['body', 'content_type'], msg: 'field required' }] } };
      const id = `m${++this.#counter}`;
      this.media.set(id, { bytes: Buffer.alloc(0), type: body.content_type });
      return { json: { upload_url: `${this.server.baseUrl}/upload/${id}`, file_url: `${this.server.baseUrl}/media/${id}` } };
    }
    const cancel = /^\/([^/]+\/[^/]+)\/requests\/([^/]+)\/cancel$/.exec(request.path);
    if (cancel && request.method === 'PUT') {
      const entry = this.#requests.get(cancel[2]!);
      if (!entry) return { status: 404, json: { status: 'NOT_FOUND' } };
      this.cancels += 1;
      if (entry.state === 'completed') return { status: 400, json: { status: 'ALREADY_COMPLETED' } };
      entry.state = 'cancelled';
      return { status: 202, json: { status: 'CANCELLATION_REQUESTED' } };
    }
    const status = /^\/([^/]+\/[^/]+)\/requests\/([^/]+)\/status$/.exec(request.path);
    if (status && request.method === 'GET') {
      const entry = this.#requests.get(status[2]!);
      if (!entry) return { status: 404, json: { detail: 'Request not found' } };
      if (entry.state === 'queued' && this.finishAfterMs === undefined) {
        entry.polls += 1;
        if (entry.polls > this.processingPolls) await this.#complete(status[2]!, entry);
      }
      const shown = entry.state === 'queued' ? (entry.polls === 1 ? 'IN_QUEUE' : 'IN_PROGRESS') : 'COMPLETED';
      return { json: { status: shown, request_id: status[2] } };
    }
    const result = /^\/([^/]+\/[^/]+)\/requests\/([^/]+)$/.exec(request.path);
    if (result && request.method === 'GET') {
      const entry = this.#requests.get(result[2]!);
      if (!entry) return { status: 404, json: { detail: 'Request not found' } };
      if (entry.state !== 'completed') return { status: 400, json: { detail: 'Request is still in progress' } };
      if (entry.error !== undefined) return { status: 422, json: { detail: [{ loc: ['body', 'image_url'], msg: entry.error, type: 'value_error' }] } };
      return { json: await this.#result(entry) };
    }
    if (request.method === 'POST') {
      const body = request.json as { image_url?: unknown; audio_url?: unknown } | undefined;
      const missing = ['image_url', 'audio_url'].filter((k) => typeof body?.[k as keyof typeof body] !== 'string' || !/^(https?:|data:)/.test(String(body[k as keyof typeof body])));
      if (missing.length) return { status: 422, json: { detail: missing.map((loc) => ({ loc: ['body', loc], msg: 'field required' })) } };
      // OmniHuman on fal documents MP3/WAV audio.
      const audioInput = this.#input(String(body!.audio_url));
      if (!/^audio\/(mpeg|mp3|wav|x-wav)$/.test(audioInput.type)) return { status: 422, json: { detail: [{ loc: ['body', 'audio_url'], msg: 'audio must be MP3 or WAV' }] } };
      const audio = audioInput.bytes;
      this.submits += 1;
      const id = `req-${++this.#counter}`;
      const failure = this.failNext.shift();
      const webhook = request.query.get('fal_webhook') ?? undefined;
      const entry: FalRequestEntry = { audio, polls: 0, state: 'queued', ...(failure !== undefined ? { error: failure } : {}), ...(webhook ? { webhook } : {}) };
      this.#requests.set(id, entry);
      if (this.finishAfterMs !== undefined) {
        const finish = async () => {
          if (entry.state !== 'queued') return undefined;
          await this.#complete(id, entry);
          return this.webhookPost(id);
        };
        if (this.webhooks.overtake) await this.webhooks.now(finish);
        else this.webhooks.later(this.finishAfterMs, finish);
      }
      const base = `${this.server.baseUrl}${request.path.split('/').slice(0, 3).join('/')}/requests/${id}`;
      return { json: { request_id: id, status_url: `${base}/status`, response_url: base, cancel_url: `${base}/cancel` } };
    }
    return { status: 404, json: { detail: 'Not found' } };
  }

  /** An input: a file on the fake CDN by its URL, or a data: URI (some fal models accept them). */
  #input(value: string): { bytes: Buffer; type: string } {
    const data = /^data:([^;,]*);base64,(.*)$/s.exec(value);
    if (data) return { bytes: Buffer.from(data[2]!, 'base64'), type: data[1]! };
    const id = value.startsWith(`${this.server.baseUrl}/media/`) ? value.slice(`${this.server.baseUrl}/media/`.length) : '';
    return this.media.get(id) ?? { bytes: Buffer.alloc(0), type: '' };
  }
}
