// Replicate on loopback: POST /v1/files (multipart 'content'), POST /v1/models/{owner}/{name}/predictions
// (checks Bearer token and each model's documented input fields), GET /v1/predictions/{id} (processing,
// then succeeded) and the output files themselves, with real PNG and MP4 content.
import { FakeHttpServer, type FakeReply, type RecordedRequest } from './fake-http.ts';
import { mp4ForAudio, pngPicture } from './media-fixtures.ts';

const aspects = ['1:1', '9:16', '16:9', '3:4', '4:3'];

/** The documented input fields each model needs; answers what is missing or wrong. */
export function replicateInputProblems(model: string, input: Record<string, unknown> | undefined): string[] {
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
  } else if (model === 'bytedance/omni-human') {
    if (!url('image')) problems.push('image');
    if (!url('audio')) problems.push('audio');
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
  output?: string;
}

export class FakeReplicate {
  readonly server: FakeHttpServer;
  readonly files = new Map<string, { bytes: Buffer; type: string }>();
  readonly predictions = new Map<string, FakePrediction>();
  /** Polls answered 'processing' before a prediction succeeds. */
  processingPolls = 1;
  /** Replace the next prediction's output (e.g. a non-URL, or a URL to a huge file). */
  nextOutput: string[] = [];
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

  async #handle(request: RecordedRequest): Promise<FakeReply> {
    const base = this.server.baseUrl;
    const served = /^\/delivery\/([\w.-]+)$/.exec(request.path);
    if (served && request.method === 'GET') {
      const file = this.files.get(served[1]!);
      return file ? { headers: { 'content-type': file.type }, body: file.bytes } : { status: 404, body: 'gone' };
    }
    if (request.headers.authorization !== `Bearer ${this.#apiKey}`) return { status: 401, json: { title: 'Unauthenticated', detail: 'You did not pass a valid authentication token' } };
    if (request.method === 'POST' && request.path === '/v1/files') {
      const form = await new Request('http://fake/', { method: 'POST', headers: { 'content-type': String(request.headers['content-type']) }, body: new Uint8Array(request.raw) }).formData();
      const content = form.get('content');
      if (!(content instanceof Blob)) return { status: 400, json: { detail: "missing multipart field 'content'" } };
      const id = `file-${++this.#counter}`;
      this.files.set(id, { bytes: Buffer.from(await content.arrayBuffer()), type: content.type || 'application/octet-stream' });
      return { status: 201, json: { id, content_type: content.type, size: content.size, urls: { get: `${base}/delivery/${id}` } } };
    }
    const create = /^\/v1\/models\/([^/]+)\/([^/]+)\/predictions$/.exec(request.path);
    if (request.method === 'POST' && create) {
      const model = `${create[1]}/${create[2]}`;
      const input = (request.json as { input?: Record<string, unknown> } | undefined)?.input;
      const problems = replicateInputProblems(model, input);
      if (problems.length) return { status: 422, json: { title: 'Input validation failed', detail: problems.join(', '), status: 422 } };
      const id = `pred-${++this.#counter}`;
      this.predictions.set(id, { id, model, input: input!, polls: 0 });
      return { status: 201, json: { id, model, status: 'starting', input, urls: { get: `${base}/v1/predictions/${id}`, cancel: `${base}/v1/predictions/${id}/cancel` } } };
    }
    const get = /^\/v1\/predictions\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && get) {
      const prediction = this.predictions.get(get[1]!);
      if (!prediction) return { status: 404, json: { detail: 'Not found.' } };
      prediction.polls += 1;
      if (prediction.polls <= this.processingPolls) return { json: { id: prediction.id, status: 'processing', output: null } };
      prediction.output ??= this.nextOutput.shift() ?? (await this.#produce(prediction));
      return { json: { id: prediction.id, status: 'succeeded', output: prediction.output, metrics: { predict_time: 1.2 } } };
    }
    if (request.method === 'POST' && /^\/v1\/predictions\/[^/]+\/cancel$/.test(request.path)) return { json: { status: 'canceled' } };
    return { status: 404, json: { detail: 'Not found.' } };
  }

  async #produce(prediction: FakePrediction): Promise<string> {
    const id = `out-${++this.#counter}`;
    if (prediction.model === 'bytedance/omni-human') {
      const audioId = /\/delivery\/([\w.-]+)$/.exec(String(prediction.input.audio))?.[1];
      const audio = audioId ? this.files.get(audioId) : undefined;
      if (!audio) throw new Error('audio input not found');
      this.files.set(id, { bytes: await mp4ForAudio(audio.bytes), type: 'video/mp4' });
    } else {
      const aspect = String(prediction.input.aspect_ratio ?? '9:16');
      this.files.set(id, { bytes: await pngPicture(aspect, this.#counter), type: 'image/png' });
    }
    return `${this.server.baseUrl}/delivery/${id}`;
  }

  /** Serves a file of this many bytes with this type (for the oversized-download case). */
  serve(bytes: Buffer, type: string): string {
    const id = `big-${++this.#counter}`;
    this.files.set(id, { bytes, type });
    return `${this.server.baseUrl}/delivery/${id}`;
  }
}
