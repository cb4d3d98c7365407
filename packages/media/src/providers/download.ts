// Provider output URLs expire within the hour: each output is fetched at once, with its type, size
// and (for pictures) pixels checked before anything keeps it. An output may also come as a data: URI
// (Replicate's sync mode): decoded in place, with the same checks. One download is one HTTP call: the
// caller retries it (withRetry), never the paid create before it.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import sharp from '../sharp.ts';
import { probe } from '../ffmpeg.ts';
import { readMp4Info } from '../video/mp4-info.ts';
import { ImageUploadError, inspectImage } from '../images/upload-check.ts';
import { guardedFetch, OutboundRefusedError, type OutboundPolicy } from '../net/outbound-guard.ts';
import type { DownloadLimits } from './provider-config.ts';
import { errorFromResponse, ProviderError } from './provider-error.ts';

/** Reads the body, refusing it (before or while reading) once it exceeds maxBytes. */
export async function readLimited(provider: string, response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new ProviderError('bad_output', provider, `output is ${declared} bytes, over the ${maxBytes}-byte limit`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  if (response.body) {
    for await (const chunk of response.body) {
      total += chunk.byteLength;
      if (total > maxBytes) {
        await response.body.cancel().catch(() => undefined);
        throw new ProviderError('bad_output', provider, `output exceeded the ${maxBytes}-byte limit`);
      }
      chunks.push(Buffer.from(chunk));
    }
  }
  return Buffer.concat(chunks);
}

/**
 * A data: URI output (Replicate's sync mode may answer so): decoded here, nothing fetched. Its size is
 * judged from the encoded length before decoding, so a huge URI is refused without a huge buffer.
 */
function dataUriResponse(provider: string, url: string, maxBytes: number): Response {
  const match = /^data:([^;,]*)((?:;[^;,]*)*?)(;base64)?,/i.exec(url.slice(0, 512));
  if (!match) throw new ProviderError('bad_output', provider, 'output data URI is malformed');
  const payload = url.slice(match[0].length);
  const estimated = match[3] ? Math.floor((payload.length * 3) / 4) : payload.length;
  if (estimated > maxBytes) throw new ProviderError('bad_output', provider, `output is about ${estimated} bytes, over the ${maxBytes}-byte limit`);
  const bytes = match[3] ? Buffer.from(payload, 'base64') : Buffer.from(decodeURIComponent(payload), 'utf8');
  return new Response(new Uint8Array(bytes), { headers: { 'content-type': match[1] || 'text/plain' } });
}

async function fetchOutput(provider: string, url: string, policy: OutboundPolicy, signal: AbortSignal, expected: 'image' | 'video', maxBytes: number): Promise<Response> {
  if (/^data:/i.test(url)) {
    const response = dataUriResponse(provider, url, maxBytes);
    const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!type.startsWith(`${expected}/`)) throw new ProviderError('bad_output', provider, `output content-type '${type || 'none'}' is not ${expected}/*`);
    return response;
  }
  // The URL is the provider's word: only public addresses, checked again on every redirect hop.
  const response = await guardedFetch(url, { policy, signal }).catch((err: unknown) => {
    if (err instanceof OutboundRefusedError) throw new ProviderError('bad_output', provider, `output URL refused (${err.reason}): ${err.detail}`, { cause: err });
    throw err;
  });
  if (!response.ok) {
    // 429/5xx may pass on a retry; any other refusal means the output is gone (expired link).
    if (response.status === 429 || response.status >= 500) throw await errorFromResponse(provider, response);
    await response.body?.cancel();
    throw new ProviderError('bad_output', provider, `output URL answered ${response.status}`);
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!type.startsWith(`${expected}/`)) {
    await response.body?.cancel();
    throw new ProviderError('bad_output', provider, `output content-type '${type || 'none'}' is not ${expected}/*`);
  }
  return response;
}

export interface DownloadedImage {
  file: string;
  width: number;
  height: number;
}

/** Downloads a picture, checks it by its bytes (type, size, pixels, full decode) and stores it as PNG. */
export async function downloadImage(provider: string, url: string, outFile: string, limits: DownloadLimits, signal: AbortSignal): Promise<DownloadedImage> {
  const response = await fetchOutput(provider, url, limits.outbound, signal, 'image', limits.maxImageBytes);
  const buffer = await readLimited(provider, response, limits.maxImageBytes);
  try {
    await inspectImage(buffer, { maxBytes: limits.maxImageBytes, maxPixels: limits.maxImagePixels });
  } catch (err) {
    if (err instanceof ImageUploadError) throw new ProviderError('bad_output', provider, `output image refused: ${err.code} ${err.detail ?? ''}`.trim(), { cause: err });
    throw err;
  }
  await mkdir(dirname(outFile), { recursive: true });
  const info = await sharp(buffer, { pages: 1 }).autoOrient().png().toFile(outFile);
  return { file: outFile, width: info.width, height: info.height };
}

/** ISO base media (ftyp box first) or EBML (WebM/Matroska) by the first bytes. */
export function isContainerVideo(bytes: Uint8Array): boolean {
  const ftyp = bytes.length >= 12 && String.fromCharCode(...bytes.subarray(4, 8)) === 'ftyp';
  const ebml = bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3;
  return ftyp || ebml;
}

/**
 * Downloads a video and checks it is one: a video track and a length, read from an MP4's moov box
 * in-process (what providers send); ffprobe decides anything else (WebM, an MP4 without a video
 * track that reader knows, a file that is no video at all). An ffprobe start costs a process and
 * about 0.07 s of CPU, and a reel downloads one clip per scene.
 */
export async function downloadVideo(provider: string, url: string, outFile: string, limits: DownloadLimits, signal: AbortSignal): Promise<{ file: string; durationSeconds: number }> {
  const response = await fetchOutput(provider, url, limits.outbound, signal, 'video', limits.maxVideoBytes);
  const buffer = await readLimited(provider, response, limits.maxVideoBytes);
  // ffmpeg picks its demuxer by content, not name: an HLS or concat playlist sent as video/mp4 would
  // make it fetch (or read) whatever the playlist lists. Only MP4/MOV and WebM/Matroska reach it.
  if (!isContainerVideo(buffer)) throw new ProviderError('bad_output', provider, 'output is not an MP4 or WebM file');
  await mkdir(dirname(outFile), { recursive: true });
  await writeFile(outFile, buffer);
  const mp4 = await readMp4Info(outFile);
  if (mp4?.video && mp4.durationSeconds > 0) return { file: outFile, durationSeconds: mp4.durationSeconds };
  const info = await probe(outFile).catch((err: unknown) => {
    throw new ProviderError('bad_output', provider, 'output video could not be read', { cause: err });
  });
  if (!info.streams.some((s) => s.codec_type === 'video') || !(info.durationSeconds > 0)) {
    throw new ProviderError('bad_output', provider, 'output has no video stream');
  }
  return { file: outFile, durationSeconds: info.durationSeconds };
}
