import { describe, expect, it } from 'vitest';
import { FILE_CUE_LIMITS, groupCues, placeWords, wrap } from './caption-cues.ts';

const w = (text: string, startSeconds: number, endSeconds: number) => ({ text, startSeconds, endSeconds });

describe('placeWords', () => {
  it("moves each scene's words to its clip's start and keeps them within the clip", () => {
    const placed = placeWords([[w('One', 0.1, 0.4)], [w('Two', 0.1, 0.5), w('late', 2.9, 3.4), w(' ', 1, 1)]], [0, 2.5], [3, 3]);
    expect(placed).toEqual([
      { text: 'One', scene: 0, startSeconds: 0.1, endSeconds: 0.4 },
      { text: 'Two', scene: 1, startSeconds: 2.6, endSeconds: 3 },
      { text: 'late', scene: 1, startSeconds: 5.4, endSeconds: 5.5 },
    ]);
  });
});

describe('groupCues', () => {
  const limits = { lineChars: 16, lines: 2, words: 5 };

  it('ends a cue at a sentence end, a long pause, a new scene or the limits', () => {
    const words = [
      { ...w('Tired', 0, 0.3), scene: 0 },
      { ...w('of', 0.3, 0.4), scene: 0 },
      { ...w('dull', 0.4, 0.6), scene: 0 },
      { ...w('skin?', 0.6, 0.9), scene: 0 },
      { ...w('Try', 1.0, 1.2), scene: 0 },
      { ...w('this', 1.2, 1.4), scene: 0 },
      { ...w('(after', 2.2, 2.5), scene: 0 }, // a pause of 0.8 s
      { ...w('a', 2.5, 2.6), scene: 0 },
      { ...w('pause)', 2.6, 3.0), scene: 0 },
      { ...w('Scene', 3.05, 3.3), scene: 1 },
      { ...w('two', 3.3, 3.5), scene: 1 },
    ];
    const cues = groupCues(words, limits);
    expect(cues.map((c) => c.lines)).toEqual([['Tired of', 'dull skin?'], ['Try this'], ['(after a pause)'], ['Scene two']]);
    // A cue lingers a little after its last word but never runs into the next one.
    expect(cues.map((c) => [c.startSeconds, c.endSeconds])).toEqual([[0, 1], [1, 1.8], [2.2, 3.05], [3.05, 3.85]]);
  });

  it('keeps to the word and line limits', () => {
    const words = 'one two three four five six seven eight nine ten eleven'.split(' ').map((t, i) => ({ ...w(t, i * 0.3, i * 0.3 + 0.25), scene: 0 }));
    const cues = groupCues(words, { lineChars: 12, lines: 1, words: 3 });
    for (const cue of cues) {
      expect(cue.words.length).toBeLessThanOrEqual(3);
      expect(cue.lines).toHaveLength(1);
      expect(cue.lines[0]!.length).toBeLessThanOrEqual(12);
    }
    expect(cues.flatMap((c) => c.words.map((x) => x.text)).join(' ')).toBe(words.map((x) => x.text).join(' '));
  });

  it('shares a long sentence out evenly rather than ending on a one-word cue', () => {
    const text = 'Two drops at night, and my face looks brighter by breakfast!';
    const words = text.split(' ').map((t, i) => ({ ...w(t, i * 0.3, i * 0.3 + 0.25), scene: 0 }));
    const cues = groupCues(words, { lineChars: 30, lines: 2, words: 14 });
    // 'Two drops at night, and my face' / 'looks brighter by breakfast!': about even by length.
    expect(cues.map((c) => c.words.length)).toEqual([7, 4]);
    expect(cues.map((c) => c.lines.join(' ')).join(' ')).toBe(text);
  });

  it('lasts at least 0.8 s when the next cue leaves room, and never past the video', () => {
    const [cue] = groupCues([{ ...w('Hi.', 1, 1.1), scene: 0 }], FILE_CUE_LIMITS);
    expect([cue!.startSeconds, cue!.endSeconds]).toEqual([1, 1.8]);
    const [last] = groupCues([{ ...w('Bye.', 1, 1.3), scene: 0 }], FILE_CUE_LIMITS, 1.4);
    expect(last!.endSeconds).toBe(1.4);
  });
});

describe('wrap', () => {
  it('balances two lines and gives an over-long word a line of its own', () => {
    expect(wrap(['This', 'is', 'a', 'fairly', 'long', 'caption'], 22)).toEqual(['This is a fairly', 'long caption']);
    expect(wrap(['Supercalifragilistic', 'ok'], 10)).toEqual(['Supercalifragilistic', 'ok']);
  });
});
