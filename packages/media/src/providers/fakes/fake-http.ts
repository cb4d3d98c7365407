// A provider's HTTP API on loopback (node:http, port 0) for contract tests and the bench: records
// every request, answers through the provider's handler, and can be told to misbehave next.
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  /** The body parsed as JSON, when it is JSON. */
  json: unknown;
}

export interface FakeReply {
  status?: number;
  headers?: Record<string, string>;
  json?: unknown;
  body?: Buffer | string;
  /** Never answer (the client's deadline must end the call). */
  hang?: boolean;
}

export type FakeHandler = (request: RecordedRequest, fake: FakeHttpServer) => FakeReply | Promise<FakeReply>;

export class FakeHttpServer {
  readonly requests: RecordedRequest[] = [];
  /** The requests the provider itself answered (not a reply queued by misbehave()): what it may bill. */
  readonly handled: RecordedRequest[] = [];
  readonly #handler: FakeHandler;
  readonly #queued: { match: RegExp; reply: FakeReply }[] = [];
  #server: Server | undefined;
  #baseUrl = '';

  constructor(handler: FakeHandler) {
    this.#handler = handler;
  }

  get baseUrl(): string {
    return this.#baseUrl;
  }

  /** The next requests whose path matches answer with these replies, in order, instead of the handler. */
  misbehave(match: RegExp, ...replies: FakeReply[]): void {
    for (const reply of replies) this.#queued.push({ match, reply });
  }

  /** Drops replies queued by misbehave() that were not used. */
  behave(): void {
    this.#queued.length = 0;
  }

  async start(): Promise<string> {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        const raw = Buffer.concat(chunks);
        let json: unknown;
        if ((req.headers['content-type'] ?? '').includes('json') && raw.length > 0) {
          try {
            json = JSON.parse(raw.toString('utf8'));
          } catch {
            json = undefined;
          }
        }
        const recorded: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, raw, json };
        this.requests.push(recorded);
        void this.#answer(recorded, res);
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.#server.address() as AddressInfo;
    this.#baseUrl = `http://127.0.0.1:${port}`;
    return this.#baseUrl;
  }

  async #answer(request: RecordedRequest, res: ServerResponse): Promise<void> {
    const queued = this.#queued.findIndex((q) => q.match.test(request.path));
    let reply: FakeReply;
    try {
      if (queued >= 0) reply = this.#queued.splice(queued, 1)[0]!.reply;
      else {
        this.handled.push(request);
        reply = await this.#handler(request, this);
      }
    } catch (err) {
      reply = { status: 500, json: { error: String(err) } };
    }
    if (reply.hang) return;
    const body = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.body ?? '');
    const headers: Record<string, string> = { ...(reply.json !== undefined ? { 'content-type': 'application/json' } : {}), ...reply.headers };
    res.writeHead(reply.status ?? 200, headers);
    res.end(body);
  }

  requestsTo(path: RegExp): RecordedRequest[] {
    return this.requests.filter((r) => path.test(r.path));
  }

  async close(): Promise<void> {
    if (!this.#server) return;
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server!.close(() => resolve()));
  }
}
