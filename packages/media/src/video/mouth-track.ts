// The voice's loudness as runs of closed/open mouth frames, for the concat list of the lip-flap render.
import { decodePcm, frameRms, mouthOpenFrames } from '../audio/index.ts';

export interface MouthRun {
  open: boolean;
  frames: number;
}

/** Decodes the voice once (no probe: the caller knows the length) and turns its loudness into runs. */
export async function mouthTrack(audioFile: string, fps: number, durationSeconds: Promise<number>): Promise<MouthRun[]> {
  const [{ samples, sampleRate }, seconds] = await Promise.all([decodePcm(audioFile, { sampleRate: 8000 }), durationSeconds]);
  const envelope = frameRms(samples, sampleRate, fps, Math.ceil(seconds * fps - 1e-6));
  return toRuns(syllableChatter(mouthOpenFrames(envelope)));
}

/**
 * A mouth held open through a long loud stretch looks frozen; real speech closes between syllables
 * (about 5 a second), so long open runs alternate `open` frames open and `closed` frames shut.
 */
export function syllableChatter(open: readonly boolean[], pattern = { open: 3, closed: 2 }): boolean[] {
  const cycle = pattern.open + pattern.closed;
  let runStart = 0;
  return open.map((isOpen, i) => {
    if (!isOpen) {
      runStart = i + 1;
      return false;
    }
    return (i - runStart) % cycle < pattern.open;
  });
}

export function toRuns(open: readonly boolean[]): MouthRun[] {
  const runs: MouthRun[] = [];
  for (const isOpen of open) {
    const last = runs.at(-1);
    if (last && last.open === isOpen) last.frames++;
    else runs.push({ open: isOpen, frames: 1 });
  }
  return runs;
}
