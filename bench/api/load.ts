// A closed-loop load generator on node:http: each virtual client has its own keep-alive connection,
// customer cookie and address, sends one request, waits for the answer, and sends the next.
import { Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface Customer {
  cookie: string;
  /** The client's address, sent as X-Forwarded-For (the server runs behind a trusted proxy). */
  ip: string;
  projectIds: string[];
}

export interface Call {
  name: string;
  method: 'GET' | 'PATCH' | 'POST' | 'PUT';
  path: string;
  body?: string;
}

export interface Operation {
  name: string;
  weight: number;
  call: (customer: Customer, n: number) => Call;
}

export interface Sample {
  name: string;
  ms: number;
  status: number;
}

export interface Reply {
  status: number;
  body: string;
  setCookie: string[];
}

/** One HTTP exchange; status 0 means the connection failed. */
export function send(agent: Agent, base: URL, call: Call, headers: Record<string, string>): Promise<Reply> {
  return new Promise((resolve) => {
    const req = request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: call.method,
        path: call.path,
        headers: { accept: 'application/json', 'accept-encoding': 'br, gzip', ...headers, ...(call.body ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, body: body.toString('utf8'), setCookie: res.headers['set-cookie'] ?? [] });
        });
        res.on('error', () => resolve({ status: 0, body: '', setCookie: [] }));
      },
    );
    req.on('error', () => resolve({ status: 0, body: '', setCookie: [] }));
    req.end(call.body);
  });
}

function picker(operations: Operation[]): () => Operation {
  const total = operations.reduce((sum, op) => sum + op.weight, 0);
  return () => {
    let r = Math.random() * total;
    for (const op of operations) {
      r -= op.weight;
      if (r < 0) return op;
    }
    return operations[operations.length - 1]!;
  };
}

/** Runs `clients` concurrent clients for `seconds` once all are connected, each as one of the customers; returns every answer's latency. */
export async function runLevel(options: {
  base: URL;
  clients: number;
  seconds: number;
  customers: Customer[];
  operations: Operation[];
}): Promise<{ samples: Sample[]; wallSeconds: number; rampSeconds: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.clients, maxFreeSockets: options.clients });
  const pick = picker(options.operations);
  const samples: Sample[] = [];
  let n = 0;
  // Every client first opens its connection with one untimed call, as a browser tab already has;
  // the timed run starts once all are connected (how long that took is reported as the ramp).
  const rampStarted = performance.now();
  let connected = 0;
  let allConnected: () => void = () => {};
  const ready = new Promise<void>((resolve) => (allConnected = resolve));
  let started = 0;
  let deadline = 0;
  const client = async (index: number) => {
    const customer = options.customers[index % options.customers.length]!;
    const headers = { cookie: customer.cookie, 'x-forwarded-for': customer.ip };
    await send(agent, options.base, options.operations[0]!.call(customer, 0), headers);
    connected += 1;
    if (connected === options.clients) {
      started = performance.now();
      deadline = started + options.seconds * 1000;
      allConnected();
    }
    await ready;
    while (performance.now() < deadline) {
      const op = pick();
      n += 1;
      const call = op.call(customer, n);
      const t0 = performance.now();
      const reply = await send(agent, options.base, call, headers);
      samples.push({ name: op.name, ms: performance.now() - t0, status: reply.status });
    }
  };
  await Promise.all(Array.from({ length: options.clients }, (_, i) => client(i)));
  const wallSeconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { samples, wallSeconds, rampSeconds: (started - rampStarted) / 1000 };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
