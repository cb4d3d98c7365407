import { describe, expect, it } from 'vitest';
import type { CaptionCue } from './caption-cues.ts';
import { toSrt, toWebVtt } from './subtitle-files.ts';

const cue = (startSeconds: number, endSeconds: number, lines: string[]): CaptionCue => ({ startSeconds, endSeconds, lines, words: [] });

describe('subtitle files', () => {
  const cues = [cue(0.1, 1.25, ['Hello there,', 'friend.']), cue(3661.5, 3662, ['<b>Bold</b> & "quoted" --> not markup'])];

  it('writes SubRip with comma milliseconds and plain text', () => {
    expect(toSrt(cues)).toBe('1\n00:00:00,100 --> 00:00:01,250\nHello there,\nfriend.\n\n2\n01:01:01,500 --> 01:01:02,000\n<b>Bold</b> & "quoted" --> not markup\n');
  });

  it('writes WebVTT with the header, dot milliseconds, and text escaped so it is never markup', () => {
    expect(toWebVtt(cues)).toBe(
      'WEBVTT\n\n1\n00:00:00.100 --> 00:00:01.250\nHello there,\nfriend.\n\n2\n01:01:01.500 --> 01:01:02.000\n&lt;b&gt;Bold&lt;/b&gt; &amp; "quoted" --&gt; not markup\n',
    );
  });

  it('never lets a line break end a cue early', () => {
    expect(toSrt([cue(0, 1, ['one\n\ntwo'])])).toBe('1\n00:00:00,000 --> 00:00:01,000\none two\n');
  });
});
