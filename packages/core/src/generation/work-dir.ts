import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Runs work in a fresh scratch folder that is removed afterwards, whatever happens. */
export async function withWorkDir<T>(root: string, name: string, fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = join(root, `${name}-${process.pid}-${Date.now().toString(36)}`);
  await mkdir(dir, { recursive: true });
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs async work over items with at most `limit` at a time, keeping order of results. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  });
  await Promise.all(workers);
  return results;
}
