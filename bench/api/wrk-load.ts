// A closed-loop load from wrk (Debian's package): `clients` keep-alive connections on one wrk thread,
// each sending the call again as soon as its answer is in — the same loop as load.ts's runLevel, in C,
// so the load generator takes a small share of the two cores the servers are measured on. Every request
// carries the cookie and one of the round's addresses in X-Forwarded-For, in turn (the app's rate limit
// is per address). Answers are not decompressed: the bench compares both servers' answers before it loads them.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface WrkResult {
  rate: number;
  p50: number;
  p99: number;
  requests: number;
  /** Answers other than 2xx and 3xx, and socket errors (connect, read, write, timeout). */
  errors: number;
}

const script = (addresses: string[]) => `
local addresses = { ${addresses.map((a) => JSON.stringify(a)).join(', ')} }
local n = 0
request = function()
  n = n + 1
  wrk.headers["x-forwarded-for"] = addresses[(n % #addresses) + 1]
  return wrk.format()
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("WRK %d %d %d %d %d\\n", summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.status + e.connect + e.read + e.write + e.timeout))
end
`;

/** Whether wrk is on PATH (it prints its version and exits with 1). */
export async function hasWrk(): Promise<boolean> {
  try {
    await run('wrk', ['--version']);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
  return true;
}

export async function runWrk(options: { url: URL; clients: number; seconds: number; headers: Record<string, string>; addresses: string[] }): Promise<WrkResult> {
  const dir = await mkdtemp(join(tmpdir(), 'reelsmith-wrk-'));
  try {
    const file = join(dir, 'load.lua');
    await writeFile(file, script(options.addresses));
    const headers = Object.entries(options.headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
    const { stdout } = await run('wrk', ['-t1', `-c${options.clients}`, `-d${options.seconds}s`, '--timeout', '10s', ...headers, '-s', file, options.url.href], {
      maxBuffer: 1 << 20,
    });
    const line = stdout.split('\n').find((l) => l.startsWith('WRK '));
    if (!line) throw new Error(`wrk printed no summary:\n${stdout}`);
    const [requests, durationUs, p50Us, p99Us, errors] = line.slice(4).split(' ').map(Number) as [number, number, number, number, number];
    return { rate: requests / (durationUs / 1e6), p50: p50Us / 1000, p99: p99Us / 1000, requests, errors };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
