import { describe, expect, it } from 'vitest';
import { finalVideoLength } from './final-video-length.ts';

const clip = (n: number) => `/media/projects/p/video-scene-${n}.mp4`;

describe('finalVideoLength', () => {
  it('is the measured length of a single file, and unknown when none was recorded', () => {
    expect(finalVideoLength({ type: 'merged_single_file', url: '/media/f.mp4', durationSeconds: 28.4 }, {}, [])).toBe(28.4);
    expect(finalVideoLength({ type: 'single', url: '/media/f.mp4' }, {}, [])).toBeNull();
    expect(finalVideoLength({ type: 'single', url: '/media/f.mp4', durationSeconds: 0 }, {}, [])).toBeNull();
    expect(finalVideoLength({ type: 'single', url: '/media/f.mp4', durationSeconds: Number.NaN }, {}, [])).toBeNull();
  });

  it("adds up a playlist's clips through the scenes they belong to, lip-synced or not", () => {
    const assets = {
      video_generated: { 'scene-1': clip(1), 'scene-2': clip(2) },
      video_synced: { 'scene-3': clip(3) },
      video_durations: { 'scene-1': 6.2, 'scene-2': 7.5, 'scene-3': 5.1, 'scene-9': 40 },
    };
    const final = { type: 'playlist' as const, url: '{}' };
    expect(finalVideoLength(final, assets, [clip(1), clip(2), clip(3)])).toBeCloseTo(18.8, 6);
    // A scene not in the playlist does not count; a clip whose length is unknown makes the whole unknown.
    expect(finalVideoLength(final, assets, [clip(1)])).toBe(6.2);
    expect(finalVideoLength(final, assets, [clip(1), '/media/projects/p/unknown.mp4'])).toBeNull();
    expect(finalVideoLength(final, { ...assets, video_durations: { 'scene-1': 6.2 } }, [clip(1), clip(2)])).toBeNull();
    expect(finalVideoLength(final, assets, [])).toBeNull();
  });
});
