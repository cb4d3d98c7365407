import zlib, { brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { compressingOnce, largestCachedAnswer, zlibCompressingOnce } from './compressed-answers.ts';

const answer = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ id: `project-${i}`, title: `Reel ${i}`, status: 'draft' })));

/** node:zlib's Brotli, counting the texts it is asked to compress. */
function countedBrotli() {
  const calls: string[] = [];
  const compress = (payload: zlib.InputType, options?: zlib.BrotliOptions) => {
    calls.push(typeof payload === 'string' ? payload : Buffer.from(payload as Uint8Array).toString('utf8'));
    return zlib.brotliCompressSync(payload, options);
  };
  return { calls, compress };
}

describe('compressed answers', () => {
  const quality4 = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

  it('compresses each distinct answer once, and gives exactly what the compressor gives', () => {
    const { calls, compress } = countedBrotli();
    const once = compressingOnce(compress, 1024 * 1024);
    const a = answer(40);
    const b = answer(41);
    const first = once(a, quality4);
    const again = once(a, quality4);
    const other = once(b, quality4);
    expect(calls).toEqual([a, b]);
    expect(again).toBe(first);
    expect(Buffer.compare(first, zlib.brotliCompressSync(a, quality4))).toBe(0);
    expect(brotliDecompressSync(again).toString('utf8')).toBe(a);
    expect(brotliDecompressSync(other).toString('utf8')).toBe(b);
  });

  it('keeps separate copies for separate settings', () => {
    const { calls, compress } = countedBrotli();
    const once = compressingOnce(compress, 1024 * 1024);
    const a = answer(40);
    const fast = once(a, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
    const small = once(a, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    expect(calls).toHaveLength(2);
    expect(small.length).toBeLessThan(fast.length);
    expect(brotliDecompressSync(fast).toString('utf8')).toBe(a);
  });

  it('holds at most its size: the least recently sent answers are compressed again', () => {
    const { calls, compress } = countedBrotli();
    const texts = Array.from({ length: 10 }, (_, i) => answer(30 + i));
    // Room for about three of them (text at two bytes a character, plus its compressed copy).
    const once = compressingOnce(compress, 3 * (2 * texts[9]!.length + 400));
    for (const text of texts) once(text, quality4);
    expect(calls).toHaveLength(10);
    once(texts[9]!, quality4);
    expect(calls).toHaveLength(10);
    once(texts[0]!, quality4);
    expect(calls).toHaveLength(11);
  });

  it('keeps answers given as bytes (as the compression plugin gives them) by their bytes, and none above the one-call size', () => {
    const { calls, compress } = countedBrotli();
    const once = compressingOnce(compress, 64 * 1024 * 1024);
    const text = `${answer(40).slice(0, -1)},{"title":"Crème brûlée ✨ 🎬"}]`;
    const first = once(Buffer.from(text), quality4);
    expect(once(Buffer.from(text), quality4)).toBe(first);
    // The same characters as a string are another key; other bytes of the same length are another answer.
    once(text, quality4);
    once(Buffer.from(text.replace('Crème', 'Crèmf')), quality4);
    expect(calls).toHaveLength(3);
    expect(brotliDecompressSync(first).toString('utf8')).toBe(text);
    const big = Buffer.alloc(largestCachedAnswer + 1, 'x');
    once(big, quality4);
    once(big, quality4);
    expect(calls).toHaveLength(5);
  });

  it('is node:zlib for the compression plugin: streams untouched, Brotli and gzip compressing once', () => {
    const z = zlibCompressingOnce();
    expect(z.createBrotliCompress).toBe(zlib.createBrotliCompress);
    expect(z.createGzip).toBe(zlib.createGzip);
    const a = answer(50);
    expect(z.brotliCompressSync(a, quality4)).toBe(z.brotliCompressSync(a, quality4));
    const gzipOptions = {};
    const gz = z.gzipSync(a, gzipOptions);
    expect(z.gzipSync(a, gzipOptions)).toBe(gz);
    expect(gunzipSync(gz).toString('utf8')).toBe(a);
  });

  it('compresses an answer sent again through the compression plugin once', async () => {
    const { calls, compress: counted } = countedBrotli();
    const app = Fastify();
    await app.register(compress, { threshold: 1024, syncThreshold: 64 * 1024, encodings: ['br'], zlib: { ...zlib, brotliCompressSync: compressingOnce(counted, 1024 * 1024) } });
    let title = 'First';
    app.get('/list', () => JSON.parse(answer(60).replace('Reel 0', title)) as unknown);
    const get = () => app.inject({ method: 'GET', url: '/list', headers: { 'accept-encoding': 'br' } });
    const [a, b] = [await get(), await get()];
    title = 'Second';
    const c = await get();
    await app.close();
    expect(calls).toHaveLength(2);
    expect(a.headers['content-encoding']).toBe('br');
    expect(Buffer.compare(a.rawPayload, b.rawPayload)).toBe(0);
    expect(brotliDecompressSync(c.rawPayload).toString('utf8')).toContain('"Second"');
  });
});
