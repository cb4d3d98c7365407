// The same answer is compressed once: a customer's project list, the plans, the voices and a share page's
// project are sent again and again, unchanged, to the pages that poll or refetch them. Compressing a
// 3 KB answer with Brotli took about a seventh of the server's CPU per call in bench/api; a cache lookup
// of the same bytes costs a few microseconds. docs/decisions.md ("An answer sent again unchanged is not
// compressed again").
import zlib, { type BrotliOptions, type ZlibOptions } from 'node:zlib';
import { LRUCache } from 'lru-cache';

type Compress<O> = (payload: zlib.InputType, options?: O) => NonSharedBuffer;

export interface CompressedAnswersOptions {
  /** The compressed copies and the answers they were made from, together, per encoding (bytes). */
  maxBytes?: number;
}

/** Answers up to this size (bytes) are kept: the compression plugin compresses them in one call. */
export const largestCachedAnswer = 64 * 1024;

/**
 * The text an answer is kept under. The compression plugin hands its compressor a Buffer: read as
 * Latin-1, each byte is one character, so two answers have the same key exactly when they have the
 * same bytes, and the key costs one byte a byte.
 */
function keyOf(payload: zlib.InputType): string | undefined {
  if (typeof payload === 'string') return payload.length <= largestCachedAnswer / 2 ? `s${payload}` : undefined;
  if (Buffer.isBuffer(payload) && payload.length <= largestCachedAnswer) return `b${payload.toString('latin1')}`;
  return undefined;
}

/**
 * One compressor's cache: the compressed bytes of each recent answer, keyed by the answer's bytes and
 * the options object it was compressed with (the compression plugin passes one object per encoding).
 * Output is what the compressor makes of that answer, byte for byte: compressors are deterministic.
 */
export function compressingOnce<O extends object>(compress: Compress<O>, maxBytes: number): Compress<O> {
  const caches = new WeakMap<object, LRUCache<string, NonSharedBuffer>>();
  const noOptions = {};
  return (payload, options) => {
    const key = keyOf(payload);
    if (key === undefined) return compress(payload, options);
    const owner = options ?? noOptions;
    let cache = caches.get(owner);
    if (!cache) {
      // A string answer's key can cost two bytes a character; a key of bytes, one.
      cache = new LRUCache<string, NonSharedBuffer>({ maxSize: maxBytes, sizeCalculation: (value, k) => value.length + (k.startsWith('s') ? 2 : 1) * k.length });
      caches.set(owner, cache);
    }
    const kept = cache.get(key);
    if (kept) return kept;
    const made = compress(payload, options);
    cache.set(key, made);
    return made;
  };
}

/**
 * node:zlib for @fastify/compress (its `zlib` option), with the one-call compressors it uses for buffered
 * answers (Brotli and gzip) made to compress each distinct answer once. Streams are node:zlib's own.
 */
export function zlibCompressingOnce({ maxBytes = 16 * 1024 * 1024 }: CompressedAnswersOptions = {}): typeof zlib {
  return {
    ...zlib,
    brotliCompressSync: compressingOnce<BrotliOptions>(zlib.brotliCompressSync, maxBytes),
    gzipSync: compressingOnce<ZlibOptions>(zlib.gzipSync, maxBytes),
  };
}
