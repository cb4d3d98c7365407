// fal's queue API on loopback: POST /{owner}/{app}/{path} (Authorization: Key, image_url and audio_url),
// GET /{owner}/{app}/requests/{id}/status (IN_QUEUE, IN_PROGRESS, COMPLETED), GET .../requests/{id}.
import { FakeHttpServer, type FakeReply, type RecordedRequest } from './fake-http.ts';
import { mp4ForAudio } from './media-fixtures.ts';

export class FakeFal {
  readonly server: FakeHttpServer;
  readonly #apiKey: string;
  readonly #requests = new Map<string, { audio: Buffer; polls: number; video?: string }>();
  readonly #videos = new Map<string, Buffer>();
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

  async #handle(request: RecordedRequest): Promise<FakeReply> {
    const file = /^\/files\/([\w-]+)\.mp4$/.exec(request.path);
    if (file) {
      const video = this.#videos.get(file[1]!);
      return video ? { headers: { 'content-type': 'video/mp4' }, body: video } : { status: 404, body: 'gone' };
    }
    if (request.headers.authorization !== `Key ${this.#apiKey}`) return { status: 401, json: { detail: 'Unauthorized' } };
    const status = /^\/([^/]+\/[^/]+)\/requests\/([^/]+)\/status$/.exec(request.path);
    if (status && request.method === 'GET') {
      const entry = this.#requests.get(status[2]!);
      if (!entry) return { status: 404, json: { detail: 'Request not found' } };
      entry.polls += 1;
      return { json: { status: entry.polls === 1 ? 'IN_QUEUE' : entry.polls === 2 ? 'IN_PROGRESS' : 'COMPLETED', request_id: status[2] } };
    }
    const result = /^\/([^/]+\/[^/]+)\/requests\/([^/]+)$/.exec(request.path);
    if (result && request.method === 'GET') {
      const entry = this.#requests.get(result[2]!);
      if (!entry) return { status: 404, json: { detail: 'Request not found' } };
      if (!entry.video) {
        const id = `v${++this.#counter}`;
        this.#videos.set(id, await mp4ForAudio(entry.audio));
        entry.video = id;
      }
      return { json: { video: { url: `${this.server.baseUrl}/files/${entry.video}.mp4`, content_type: 'video/mp4' }, duration: 1 } };
    }
    if (request.method === 'POST') {
      const body = request.json as { image_url?: unknown; audio_url?: unknown } | undefined;
      const missing = ['image_url', 'audio_url'].filter((k) => typeof body?.[k as keyof typeof body] !== 'string' || !/^(https?:|data:)/.test(String(body[k as keyof typeof body])));
      if (missing.length) return { status: 422, json: { detail: missing.map((loc) => ({ loc: ['body', loc], msg: 'field required' })) } };
      const audio = Buffer.from(String(body!.audio_url).split(',')[1] ?? '', 'base64');
      const id = `req-${++this.#counter}`;
      this.#requests.set(id, { audio, polls: 0 });
      const base = `${this.server.baseUrl}${request.path.split('/').slice(0, 3).join('/')}/requests/${id}`;
      return { json: { request_id: id, status_url: `${base}/status`, response_url: base, cancel_url: `${base}/cancel` } };
    }
    return { status: 404, json: { detail: 'Not found' } };
  }
}
