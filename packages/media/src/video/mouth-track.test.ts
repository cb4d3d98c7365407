import { describe, expect, it } from 'vitest';
import { syllableChatter, toRuns } from './mouth-track.ts';

const parse = (s: string) => [...s].map((c) => c === '#');
const show = (a: boolean[]) => a.map((o) => (o ? '#' : '.')).join('');

describe('syllableChatter', () => {
  it('keeps short open runs and breaks long ones into 3 open / 2 closed', () => {
    expect(show(syllableChatter(parse('..##...###..')))).toBe('..##...###..');
    expect(show(syllableChatter(parse('.############.')))).toBe('.###..###..##.');
  });
});

describe('toRuns', () => {
  it('groups frames into runs that add up to the frame count', () => {
    const runs = toRuns(parse('..###.#'));
    expect(runs).toEqual([
      { open: false, frames: 2 },
      { open: true, frames: 3 },
      { open: false, frames: 1 },
      { open: true, frames: 1 },
    ]);
    expect(toRuns([])).toEqual([]);
  });
});
