import { resolve } from 'node:path';

/** A `file` line of an ffconcat list: the absolute path, single-quoted as the concat demuxer reads it. */
export function concatFileLine(file: string): string {
  return `file '${resolve(file).replaceAll("'", "'\\''")}'`;
}
