import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from './config.ts';

/** The media-signing secret: configured, or (outside production) generated once and kept in DATA_DIR. */
export async function mediaSecret(config: Config): Promise<string> {
  if (config.mediaSecret) return config.mediaSecret;
  const file = join(config.dataDir, 'media-secret');
  const existing = await readFile(file, 'utf8').then((s) => s.trim(), () => '');
  if (existing.length >= 32) return existing;
  const secret = randomBytes(32).toString('base64url');
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
