import { describe, expect, it } from 'vitest';
import { groupCues } from './caption-cues.ts';
import { assScript, captionLayout, escapeText } from './ass-captions.ts';

const words = [
  { text: 'Tired', startSeconds: 0.1, endSeconds: 0.4, scene: 0 },
  { text: 'of', startSeconds: 0.4, endSeconds: 0.5, scene: 0 },
  { text: '{\\b1}dull', startSeconds: 0.5, endSeconds: 0.8, scene: 0 },
  { text: 'skin?', startSeconds: 0.8, endSeconds: 1.2, scene: 0 },
];

describe('ASS captions', () => {
  it('sizes captions by the frame, so 360p and 1080p look alike', () => {
    const small = captionLayout('clean', 360, 640);
    const large = captionLayout('clean', 1080, 1920);
    expect(large.fontSize / small.fontSize).toBeCloseTo(3, 0);
    expect(large.limits.lineChars).toBe(small.limits.lineChars);
    expect(captionLayout('highlight', 1080, 1920).limits).toMatchObject({ lines: 1, words: 3 });
  });

  it('draws the clean style as boxed lines at the chosen place', () => {
    const layout = captionLayout('clean', 1080, 1920);
    const script = assScript(groupCues(words, layout.limits), { style: 'clean', position: 'top', width: 1080, height: 1920 });
    expect(script).toContain('PlayResX: 1080\nPlayResY: 1920');
    expect(script).toMatch(/^Style: Caption,DejaVu Sans,\d+,.*,3,\d+,0,8,/m); // opaque box, top centre
    expect(script.match(/^Dialogue:/gm)).toHaveLength(1);
    expect(script).toContain('Dialogue: 0,0:00:00.10,0:00:01.50,Caption,,0,0,0,,Tired of (∖b1)dull skin?');
  });

  it('draws the highlight style as one event per word, the spoken one in yellow', () => {
    const layout = captionLayout('highlight', 1080, 1920);
    const script = assScript(groupCues(words, layout.limits), { style: 'highlight', position: 'bottom', width: 1080, height: 1920 });
    const events = script.split('\n').filter((l) => l.startsWith('Dialogue:'));
    // 'TIRED OF (∖B1)DULL' is wider than the frame takes in one line: two cues, one event per word.
    expect(events[0]).toBe('Dialogue: 0,0:00:00.10,0:00:00.40,Caption,,0,0,0,,{\\c&H0000E5FF&}TIRED{\\c&H00FFFFFF&} OF');
    expect(events[1]).toBe('Dialogue: 0,0:00:00.40,0:00:00.50,Caption,,0,0,0,,TIRED {\\c&H0000E5FF&}OF{\\c&H00FFFFFF&}');
    expect(events[2]).toBe('Dialogue: 0,0:00:00.50,0:00:00.80,Caption,,0,0,0,,{\\c&H0000E5FF&}(∖B1)DULL{\\c&H00FFFFFF&} SKIN?');
    expect(events[3]).toBe('Dialogue: 0,0:00:00.80,0:00:01.50,Caption,,0,0,0,,(∖B1)DULL {\\c&H0000E5FF&}SKIN?{\\c&H00FFFFFF&}');
    expect(events).toHaveLength(4);
  });

  it("draws the customer's text as text, never as override codes", () => {
    expect(escapeText('{\\fs200}big\\Nline\nnext')).toBe('(∖fs200)big∖Nline next');
  });
});
