import { runToolStreaming } from '../ffmpeg.ts';

export interface DecodePcmOptions {
  /** Output sample rate in Hz (mono). */
  sampleRate?: number;
  /** Extra audio filters applied before the conversion (an ffmpeg -af chain). */
  filter?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface Pcm {
  samples: Int16Array;
  sampleRate: number;
}

/**
 * Decodes any audio file to mono signed 16-bit PCM in memory (binary output, kept as Buffers, not
 * runTool's text).
 */
export async function decodePcm(file: string, options: DecodePcmOptions = {}): Promise<Pcm> {
  const sampleRate = options.sampleRate ?? 16_000;
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', file, '-vn', '-ac', '1', '-ar', String(sampleRate)];
  if (options.filter) args.push('-af', options.filter);
  args.push('-f', 's16le', '-acodec', 'pcm_s16le', 'pipe:1');
  const chunks: Buffer[] = [];
  await runToolStreaming('ffmpeg', args, { timeoutMs: options.timeoutMs ?? 60_000, ...(options.signal ? { signal: options.signal } : {}) }, (chunk) => chunks.push(chunk));
  const bytes = Buffer.concat(chunks);
  // Copy into an aligned buffer: a Buffer's byteOffset may be odd, which Int16Array refuses.
  const samples = new Int16Array(Math.floor(bytes.length / 2));
  for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(i * 2);
  return { samples, sampleRate };
}
