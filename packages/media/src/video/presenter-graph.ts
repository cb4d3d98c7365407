// How the illustrated presenter's clip is put together by ffmpeg: its looks (one still per run of
// frames, through the concat demuxer) cut out by the mask and moved over the still setting.
import { writeFile } from 'node:fs/promises';
import { FPS } from './encoding.ts';

/** One still held for `frames` frames. */
export interface StillRun {
  file: string;
  frames: number;
}

/** The ffconcat list holding each still for its frames. */
export async function writeConcatList(list: string, stills: readonly StillRun[]): Promise<void> {
  const lines = ['ffconcat version 1.0'];
  for (const still of stills) lines.push(`file ${still.file}`, `duration ${(still.frames / FPS).toFixed(2)}`);
  // The demuxer ignores the last entry's duration; repeating it makes the last run last.
  lines.push(`file ${stills.at(-1)!.file}`);
  await writeFile(list, `${lines.join('\n')}\n`);
}

/**
 * The filter graph of a moving presenter. Inputs: 0 the looks (the concat list), 1 the setting and 2 the
 * mask (one frame each), 3 the watermark when `watermarkAt` is given; output `[v]`.
 *
 * The looks and the looped setting are both numbered frame by frame, so the last overlay pairs each
 * setting frame with the look of the same number. With the concat demuxer's own timestamps the looks
 * ran a hair behind the setting's and some frames took the look before; laying the setting on a canvas
 * cut from each look also paired them, at three full-frame copies a frame (8–18 % of a render's CPU).
 */
export function motionGraph(sway: { x: string; y: string }, watermarkAt: { left: number; top: number } | null): string {
  const mark = watermarkAt ? `[moving];[moving][3:v]overlay=x=${watermarkAt.left}:y=${watermarkAt.top}:eof_action=repeat` : '';
  return [
    `[0:v]fps=${FPS},setpts=N/${FPS}/TB[looks]`,
    `[1:v]loop=loop=-1:size=1,setpts=N/${FPS}/TB[setting]`,
    `[2:v]format=gray,loop=loop=-1:size=1,setpts=N/${FPS}/TB[mask]`,
    `[looks][mask]alphamerge[presenter]`,
    `[setting][presenter]overlay=x='${sway.x}':y='${sway.y}':eval=frame:shortest=1${mark},setsar=1[v]`,
  ].join(';');
}
