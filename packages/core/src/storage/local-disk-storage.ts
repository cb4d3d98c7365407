import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { contentTypeFor, isSafeKey, type ByteRange, type MediaStorage, type StoredObject } from './media-storage.ts';

/** Media on local disk under one root folder; writes go to a temporary name, then rename. */
export class LocalDiskStorage implements MediaStorage {
  readonly kind = 'local' as const;
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  #path(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe media key: ${key}`);
    const path = join(this.root, key);
    if (!path.startsWith(this.root + '/')) throw new Error(`unsafe media key: ${key}`);
    return path;
  }

  async put(key: string, source: { file: string } | { buffer: Buffer }, contentType: string): Promise<void> {
    const path = this.#path(key);
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.tmp-${randomBytes(6).toString('hex')}`;
    try {
      if ('file' in source) await copyFile(source.file, temp);
      else await writeFile(temp, source.buffer);
      if (contentType !== contentTypeFor(key)) await writeFile(`${path}.type`, contentType);
      await rename(temp, path);
    } catch (err) {
      await unlink(temp).catch(() => undefined);
      throw err;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    const path = this.#path(key);
    try {
      const s = await stat(path);
      if (!s.isFile()) return null;
      const override = await readFile(`${path}.type`, 'utf8').catch(() => null);
      return { size: s.size, contentType: override ?? contentTypeFor(key) };
    } catch {
      return null;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    return createReadStream(this.#path(key), range ? { start: range.start, end: range.end } : {});
  }

  async download(key: string, file: string): Promise<void> {
    await mkdir(dirname(file), { recursive: true });
    await copyFile(this.#path(key), file);
  }

  async deletePrefix(prefix: string): Promise<number> {
    if (!isSafeKey(prefix.replace(/\/$/, ''))) throw new Error(`unsafe media prefix: ${prefix}`);
    const path = join(this.root, prefix);
    const existed = await stat(path).then(() => 1, () => 0);
    await rm(path, { recursive: true, force: true });
    return existed;
  }
}
