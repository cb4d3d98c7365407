import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface Probed {
  duration: number;
  video?: { codec: string; width: number; height: number };
  audio?: { codec: string };
}

export async function probeFile(file: string): Promise<Probed> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file]);
  const parsed = JSON.parse(stdout) as { format: { duration: string }; streams: { codec_type: string; codec_name: string; width?: number; height?: number }[] };
  const v = parsed.streams.find((s) => s.codec_type === 'video');
  const a = parsed.streams.find((s) => s.codec_type === 'audio');
  return {
    duration: Number(parsed.format.duration),
    ...(v ? { video: { codec: v.codec_name, width: v.width ?? 0, height: v.height ?? 0 } } : {}),
    ...(a ? { audio: { codec: a.codec_name } } : {}),
  };
}

/** Raw RGB pixels of a picture or of a video frame at a time, scaled to width × height. */
export async function rgbPixels(file: string, width: number, height: number, atSeconds?: number): Promise<Buffer> {
  const args = ['-v', 'error', ...(atSeconds !== undefined ? ['-ss', String(atSeconds)] : []), '-i', file, '-frames:v', '1', '-vf', `scale=${width}:${height}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'];
  const { stdout } = await run('ffmpeg', args, { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
  return stdout as unknown as Buffer;
}

/** Raw RGB pixels of one video frame by its number (not a time: two encodes of the same frames may start their clocks apart), scaled to width × height. */
export async function rgbFrame(file: string, width: number, height: number, frame: number): Promise<Buffer> {
  const args = ['-v', 'error', '-i', file, '-vf', `select=eq(n\\,${frame}),scale=${width}:${height}`, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'];
  const { stdout } = await run('ffmpeg', args, { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
  return stdout as unknown as Buffer;
}

/** Mean absolute difference of two RGB buffers inside a box (x, y, w, h) of a width-wide image. */
export function regionDifference(a: Buffer, b: Buffer, width: number, box: { x: number; y: number; w: number; h: number }): number {
  let sum = 0;
  let n = 0;
  for (let y = box.y; y < box.y + box.h; y += 1) {
    for (let x = box.x; x < box.x + box.w; x += 1) {
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c += 1) {
        sum += Math.abs(a[i + c]! - b[i + c]!);
        n += 1;
      }
    }
  }
  return sum / n;
}
