import { describe, expect, it } from 'vitest';
import { syllableChatter } from './mouth-track.ts';

const parse = (s: string) => [...s].map((c) => c === '#');
const show = (a: boolean[]) => a.map((o) => (o ? '#' : '.')).join('');

describe('syllableChatter', () => {
  it('keeps short open runs and breaks long ones into 3 open / 2 closed', () => {
    expect(show(syllableChatter(parse('..##...###..')))).toBe('..##...###..');
    expect(show(syllableChatter(parse('.############.')))).toBe('.###..###..##.');
  });
});
