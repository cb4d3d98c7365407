import { StringDecoder } from 'node:string_decoder';
import { launchTool } from './tool-launcher.ts';

export class MediaToolError extends Error {
  readonly tool: string;
  readonly stderr: string;
  constructor(tool: string, message: string, stderr: string) {
    super(message);
    this.name = 'MediaToolError';
    this.tool = tool;
    this.stderr = stderr;
  }
}

export interface RunOptions {
  timeoutMs?: number;
  /** For ffmpeg: called with the seconds of output written so far (from -progress). */
  onOutSeconds?: (seconds: number) => void;
  signal?: AbortSignal;
}

/**
 * Runs a media tool, handing its output to `onStdout` as it comes; kills it on timeout or abort; keeps
 * the last of stderr for errors. Resolves with that stderr when the tool exits with 0.
 */
export function runToolStreaming(tool: string, args: string[], options: RunOptions, onStdout: (chunk: Buffer) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) return reject(new MediaToolError(tool, `${tool} was not started: the work was stopped`, ''));
    let stderr = '';
    let settled = false;
    const decoder = new StringDecoder('utf8');
    const child = launchTool(tool, args, {
      stdout: onStdout,
      stderr: (chunk) => {
        stderr = (stderr + decoder.write(chunk)).slice(-8000);
      },
    });
    const settle = (error?: MediaToolError): boolean => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      return true;
    };
    const onAbort = () => {
      child.kill();
      settle(new MediaToolError(tool, `${tool} was stopped: the work was stopped`, stderr.slice(-2000)));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = options.timeoutMs
      ? setTimeout(() => {
          child.kill();
          settle(new MediaToolError(tool, `${tool} took longer than ${options.timeoutMs} ms`, stderr.slice(-2000)));
        }, options.timeoutMs)
      : undefined;
    child.exited.then(
      ({ code }) => {
        if (code !== 0) settle(new MediaToolError(tool, `${tool} exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`, stderr));
        else if (settle()) resolve(stderr);
      },
      (error: Error) => settle(new MediaToolError(tool, `${tool} could not start: ${error.message}`, stderr)),
    );
  });
}

/** Runs a media tool, collecting stdout as text; kills it on timeout or abort; keeps the last of stderr for errors. */
export async function runTool(tool: string, args: string[], options: RunOptions = {}): Promise<{ stdout: string; stderr: string }> {
  let stdout = '';
  const decoder = new StringDecoder('utf8');
  const stderr = await runToolStreaming(tool, args, options, (chunk) => {
    const text = decoder.write(chunk);
    stdout += text;
    if (options.onOutSeconds) {
      for (const m of text.matchAll(/out_time_us=(\d+)/g)) options.onOutSeconds(Number(m[1]) / 1e6);
    }
  });
  return { stdout: stdout + decoder.end(), stderr };
}

/** ffmpeg with quiet logs, overwrite, and machine-readable progress on stdout. */
export function runFfmpeg(args: string[], options: RunOptions = {}): Promise<{ stdout: string; stderr: string }> {
  return runTool('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...(options.onOutSeconds ? ['-progress', 'pipe:1', '-nostats'] : []), ...args], {
    timeoutMs: 10 * 60_000,
    ...options,
  });
}

export interface ProbeStream {
  codec_type: 'video' | 'audio' | string;
  codec_name: string;
  width?: number;
  height?: number;
  duration?: string;
  pix_fmt?: string;
  sample_rate?: string;
  channels?: number;
}

export interface ProbeResult {
  durationSeconds: number;
  formatName: string;
  streams: ProbeStream[];
}

export async function probe(file: string): Promise<ProbeResult> {
  const { stdout } = await runTool('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file], { timeoutMs: 30_000 });
  const parsed = JSON.parse(stdout) as { format?: { duration?: string; format_name?: string }; streams?: ProbeStream[] };
  return {
    durationSeconds: Number(parsed.format?.duration ?? 0),
    formatName: parsed.format?.format_name ?? '',
    streams: parsed.streams ?? [],
  };
}
