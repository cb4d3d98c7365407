import { describe, expect, it } from 'vitest';
import { shiftWords, textTokens, tokenAt, wordsFromAlignment, wordsFromMarks } from './word-timings.ts';

describe('wordsFromMarks', () => {
  const tokens = textTokens('Hello there, — friend! 25 drops');

  it('times each marked token, ends a word at a pause before the next, and joins unmarked tokens to the word before', () => {
    const marks = [
      { token: 0, startSeconds: 0.05 },
      { token: 1, startSeconds: 0.3 },
      { token: 3, startSeconds: 0.9 },
      { token: 4, startSeconds: 1.5 },
      { token: 4, startSeconds: 1.8 }, // "25" is read as two words
      { token: 5, startSeconds: 2.2 },
    ];
    expect(wordsFromMarks(tokens, marks, [0.7, 1.3, 2.6], 2.8)).toEqual([
      { text: 'Hello', startSeconds: 0.05, endSeconds: 0.3 },
      { text: 'there, —', startSeconds: 0.3, endSeconds: 0.7 },
      { text: 'friend!', startSeconds: 0.9, endSeconds: 1.3 },
      { text: '25', startSeconds: 1.5, endSeconds: 2.2 },
      { text: 'drops', startSeconds: 2.2, endSeconds: 2.6 },
    ]);
  });

  it('keeps times in order and within the audio whatever the marks say', () => {
    const words = wordsFromMarks(tokens, [{ token: 0, startSeconds: 1 }, { token: 1, startSeconds: 0.5 }, { token: 9, startSeconds: 0.1 }], [], 1.2);
    expect(words.map((w) => [w.startSeconds, w.endSeconds])).toEqual([[1, 1], [1, 1.2]]);
    expect(words[1]!.text).toBe('there, — friend! 25 drops');
  });

  it('puts leading unmarked tokens on the first word', () => {
    expect(wordsFromMarks(textTokens('— Go'), [{ token: 1, startSeconds: 0.2 }], [], 0.5)).toEqual([{ text: '— Go', startSeconds: 0.2, endSeconds: 0.5 }]);
  });
});

describe('tokens', () => {
  it('finds the token at a character offset', () => {
    const tokens = textTokens('  ab  cd');
    expect([tokenAt(tokens, 2), tokenAt(tokens, 4), tokenAt(tokens, 7)]).toEqual([0, -1, 1]);
  });
});

describe('wordsFromAlignment', () => {
  it('groups characters between spaces into words timed first character to last', () => {
    const characters = [...'Hi, you!'];
    const startSeconds = characters.map((_c, i) => i * 0.1);
    const endSeconds = characters.map((_c, i) => i * 0.1 + 0.08);
    expect(wordsFromAlignment({ characters, startSeconds, endSeconds })).toEqual([
      { text: 'Hi,', startSeconds: 0, endSeconds: 0.28 },
      { text: 'you!', startSeconds: 0.4, endSeconds: 0.78 },
    ]);
  });
});

describe('shiftWords', () => {
  it('moves words by the silence cut and clamps them to the audio', () => {
    expect(shiftWords([{ text: 'a', startSeconds: 0.05, endSeconds: 0.4 }, { text: 'b', startSeconds: 0.9, endSeconds: 1.4 }], 0.1, 1.2)).toEqual([
      { text: 'a', startSeconds: 0, endSeconds: 0.3 },
      { text: 'b', startSeconds: 0.8, endSeconds: 1.2 },
    ]);
  });
});
