import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** The Debian package's binaries (scripts/test installs `prometheus`). */
export const PROMETHEUS_BIN = '/usr/bin/prometheus';
export const PROMTOOL_BIN = '/usr/bin/promtool';

const run = promisify(execFile);

/** A port nobody listens on now (the kernel's pick, released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The fenced yaml block of a document that starts with the given comment line (`# name.yml`). */
export function yamlBlockOf(markdownFile: string, firstLine: string): string {
  const text = readFileSync(markdownFile, 'utf8');
  const start = text.indexOf(`\`\`\`yaml\n${firstLine}\n`);
  if (start === -1) throw new Error(`${markdownFile} has no \`\`\`yaml block starting with ${firstLine}`);
  const body = text.slice(start + '```yaml\n'.length);
  return body.slice(0, body.indexOf('```'));
}

/** promtool's verdict on a rules file (throws with its output when it refuses the file). */
export async function checkRules(file: string): Promise<string> {
  const { stdout, stderr } = await run(PROMTOOL_BIN, ['check', 'rules', file]);
  return `${stdout}${stderr}`;
}

export interface RunningPrometheus {
  url: string;
  /** An instant query through the HTTP API: the result vector (empty when nothing matches). */
  query(expr: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]>;
  /** Polls the query until `ok` accepts its result, or fails with the last result after `timeoutMs`. */
  waitFor(expr: string, ok: (values: number[]) => boolean, timeoutMs?: number): Promise<number[]>;
  /** The server's own log, for a failure's message. */
  log(): string;
  stop(): Promise<void>;
}

/** Starts a real Prometheus on a free loopback port with this config (YAML text), on a temporary store. */
export async function startPrometheus(config: string, files: Record<string, string> = {}): Promise<RunningPrometheus> {
  if (!existsSync(PROMETHEUS_BIN)) throw new Error(`${PROMETHEUS_BIN} is missing: apt-get install -y prometheus (scripts/test does)`);
  const dir = mkdtempSync(join(tmpdir(), 'reelsmith-prometheus-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, 'prometheus.yml'), config);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(
    PROMETHEUS_BIN,
    [`--config.file=${join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`, '--log.level=warn'],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const query: RunningPrometheus['query'] = async (expr) => {
    const res = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expr)}`);
    const body = (await res.json()) as { status: string; error?: string; data?: { resultType: string; result: { metric: Record<string, string>; value: [number, string] }[] } };
    if (body.status !== 'success') throw new Error(`Prometheus refused ${expr}: ${body.error}`);
    return body.data!.result;
  };
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited (${child.exitCode}):\n${output}`);
    const ready = await fetch(`${url}/-/ready`).then((r) => r.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`prometheus did not become ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    query,
    async waitFor(expr, ok, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const values = (await query(expr)).map((r) => Number(r.value[1]));
        if (ok(values)) return values;
        if (Date.now() > until) throw new Error(`${expr} stayed at [${values.join(', ')}] for ${timeoutMs} ms\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    log: () => output,
    stop,
  };
}
