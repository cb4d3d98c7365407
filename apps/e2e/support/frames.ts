import { execFileSync } from 'node:child_process';

/** One frame of a video at `seconds`, scaled to width × height, as RGB bytes (ffmpeg from the system packages). */
export function rgbFrame(file: string, seconds: number, width = 360, height = 640): Buffer {
  return execFileSync('ffmpeg', ['-v', 'error', '-ss', seconds.toFixed(3), '-i', file, '-frames:v', '1', '-vf', `scale=${width}:${height}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], {
    maxBuffer: 64 * 1024 * 1024,
  });
}

export interface Band {
  y: number;
  height: number;
}

/** Pixels in a full-width band that read as the captions' highlight yellow (#FFE500). */
export function yellowPixels(frame: Buffer, band: Band, width = 360): number {
  let count = 0;
  for (let y = band.y; y < band.y + band.height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      if (frame[i]! > 200 && frame[i + 1]! > 170 && frame[i + 2]! < 90) count += 1;
    }
  }
  return count;
}

/** Mean absolute difference of two frames inside a full-width band. */
export function bandDifference(a: Buffer, b: Buffer, band: Band, width = 360): number {
  let sum = 0;
  const from = band.y * width * 3;
  const to = (band.y + band.height) * width * 3;
  for (let i = from; i < to; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / (to - from);
}

/** The cues of a WebVTT file: start and end in seconds, and the text on one line. */
export function vttCues(text: string): { start: number; end: number; text: string }[] {
  const seconds = (clock: string) => clock.split(':').reduce((sum, part) => sum * 60 + Number(part), 0);
  return text
    .split('\n\n')
    .slice(1)
    .map((block) => {
      const [, time = '', ...lines] = block.trim().split('\n');
      const [start = '', end = ''] = time.split(' --> ');
      return { start: seconds(start), end: seconds(end), text: lines.join(' ') };
    });
}
