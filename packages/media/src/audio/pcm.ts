import { spawn } from 'node:child_process';
import { MediaToolError } from '../ffmpeg.ts';

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
 * Decodes any audio file to mono signed 16-bit PCM in memory. runTool collects stdout as text,
 * which would corrupt binary samples, so this spawns ffmpeg itself and keeps Buffers.
 */
export function decodePcm(file: string, options: DecodePcmOptions = {}): Promise<Pcm> {
  const sampleRate = options.sampleRate ?? 16_000;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', file, '-vn', '-ac', '1', '-ar', String(sampleRate)];
  if (options.filter) args.push('-af', options.filter);
  args.push('-f', 's16le', '-acodec', 'pcm_s16le', 'pipe:1');

  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
    const chunks: Buffer[] = [];
    let stderr = '';
    let settled = false;
    const fail = (error: Error): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(error);
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new MediaToolError('ffmpeg', `ffmpeg took longer than ${timeoutMs} ms decoding ${file}`, stderr));
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-8000);
    });
    child.on('error', (err) => fail(new MediaToolError('ffmpeg', `ffmpeg could not start: ${err.message}`, stderr)));
    child.on('close', (code) => {
      if (settled) return;
      if (code !== 0) {
        fail(new MediaToolError('ffmpeg', `ffmpeg exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`, stderr));
        return;
      }
      settled = true;
      clearTimeout(timer);
      const bytes = Buffer.concat(chunks);
      // Copy into an aligned buffer: a Buffer's byteOffset may be odd, which Int16Array refuses.
      const samples = new Int16Array(Math.floor(bytes.length / 2));
      for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(i * 2);
      resolve({ samples, sampleRate });
    });
  });
}
