import { describe, expect, it } from 'vitest';
import { countingText, fliteTokenMarks, parseTimedPhones, pauseStarts, phoneGroups } from './flite-timings.ts';
import { textTokens } from './word-timings.ts';

// Real flite 2.2 output (slt) for "Hello there, this is a test. I have got 25 drops".
const PSDUR = [
  'pau:0.164 hh:0.255 ax:0.304 l:0.412 ow:0.523 dh:0.572 eh:0.664 r:0.817 pau:0.915 dh:0.962 ih:1.021 s:1.180 ih:1.221 z:1.314 ax:1.370 t:1.431 eh:1.548 s:1.731 t:1.801 pau:1.944 ',
  'pau:0.209 ay:0.333 hh:0.375 ae:0.440 v:0.481 g:0.578 aa:0.739 t:0.801 t:0.884 w:0.932 eh:1.017 n:1.045 t:1.082 iy:1.202 f:1.269 ay:1.446 v:1.510 d:1.602 r:1.678 aa:1.799 p:1.870 s:1.991 pau:2.100 ',
].join('\n');
const COUNTING = 'pau hh ax l ow pau dh eh r pau dh ih s pau ih z pau ey pau t eh s t pau \npau ay pau hh ae v pau g aa t pau t w eh n t iy f ay v pau d r aa p s pau \n';
const TEXT = 'Hello there, this is a test. I have got 25 drops';

describe('flite timings', () => {
  it('continues each utterance line from where the last ended', () => {
    const phones = parseTimedPhones(PSDUR);
    expect(phones[0]).toEqual({ phone: 'pau', startSeconds: 0, endSeconds: 0.164 });
    const ay = phones.find((p) => p.phone === 'ay')!;
    expect(ay.startSeconds).toBeCloseTo(1.944 + 0.209, 6);
    expect(phones.at(-1)!.endSeconds).toBeCloseTo(1.944 + 2.1, 6);
  });

  it('asks the counting run for one sentence per speakable token', () => {
    expect(countingText(textTokens('Hello, — world! 3.5%'))).toBe('Hello. world. 3.5%.');
  });

  it('marks each token at its first phone when the counts match the real run', () => {
    const tokens = textTokens(TEXT);
    const phones = parseTimedPhones(PSDUR);
    const groups = phoneGroups(COUNTING);
    expect(groups).toEqual([4, 3, 3, 2, 1, 4, 1, 3, 3, 9, 5]);
    const marks = fliteTokenMarks(tokens, groups, phones);
    expect(marks.map((m) => m.startSeconds)).toEqual([0.164, 0.523, 0.915, 1.18, 1.314, 1.37, 1.944 + 0.209, 1.944 + 0.333, 1.944 + 0.481, 1.944 + 0.801, 1.944 + 1.51].map((t) => expect.closeTo(t, 6)));
    expect(pauseStarts(phones).map((t) => Math.round(t * 1000))).toEqual([817, 1801, 1944, 1944 + 1991]);
  });

  it('shares the phones out by letters when the counting run disagrees', () => {
    const tokens = textTokens(TEXT);
    const marks = fliteTokenMarks(tokens, [1, 2, 3], parseTimedPhones(PSDUR));
    expect(marks).toHaveLength(11);
    const starts = marks.map((m) => m.startSeconds);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(starts[0]).toBeCloseTo(0.164, 6);
  });
});
