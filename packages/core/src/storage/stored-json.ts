import type { z } from 'zod';
import type { MediaStorage } from './media-storage.ts';

/** A small JSON object we stored beside some media, checked against its schema; null when missing or unreadable. */
export async function readStoredJson<T>(storage: MediaStorage, key: string, schema: z.ZodType<T>): Promise<T | null> {
  if (!(await storage.stat(key))) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key)) chunks.push(Buffer.from(chunk as Uint8Array));
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
