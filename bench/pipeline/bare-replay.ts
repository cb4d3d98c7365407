// Bare ffmpeg for the pipeline benchmarks: the recorded commands replayed as a shell would run them.
import { spawn } from 'node:child_process';
import { basename, join } from 'node:path';

/**
 * Runs ffmpeg on recorded arguments as a shell would: no progress pipe, the output written beside the
 * original (or into `outDir` when the original's folder is gone).
 */
export function bareFfmpeg(args: string[], outDir?: string): Promise<void> {
  const out = [...args];
  const original = out.at(-1)!;
  out[out.length - 1] = `${outDir ? join(outDir, basename(original)) : original}.bare.mp4`;
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...out], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`bare ffmpeg exited with ${code}`))));
  });
}

export async function mapLimit<T, R>(items: readonly T[], limit: number, f: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await f(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

