import { spawn } from 'node:child_process';

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

/** Runs a media tool, collecting stdout; kills it on timeout or abort; keeps the last of stderr for errors. */
export function runTool(tool: string, args: string[], options: RunOptions = {}): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
    let stdout = '';
    let stderr = '';
    const timer = options.timeoutMs
      ? setTimeout(() => {
          child.kill('SIGKILL');
          reject(new MediaToolError(tool, `${tool} took longer than ${options.timeoutMs} ms`, stderr.slice(-2000)));
        }, options.timeoutMs)
      : undefined;
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      if (options.onOutSeconds) {
        for (const m of chunk.matchAll(/out_time_us=(\d+)/g)) options.onOutSeconds(Number(m[1]) / 1e6);
      }
    });
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-8000);
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new MediaToolError(tool, `${tool} could not start: ${err.message}`, stderr));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve({ stdout, stderr });
      else reject(new MediaToolError(tool, `${tool} exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`, stderr));
    });
  });
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
