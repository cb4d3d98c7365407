import { describe, expect, it } from 'vitest';
import { cssAspectRatio, playableVideos, videoFileName, videoLengthLabel, viewCountLabel } from './share-rules.ts';

describe('share page rules', () => {
  it("says how long the video really plays, to the second, and nothing when that is not known", () => {
    expect(videoLengthLabel(28.4)).toBe('28 s');
    expect(videoLengthLabel(0.3)).toBe('1 s');
    expect(videoLengthLabel(59.6)).toBe('1 min');
    expect(videoLengthLabel(65)).toBe('1 min 5 s');
    expect(videoLengthLabel(null)).toBe('');
    expect(videoLengthLabel(0)).toBe('');
    expect(videoLengthLabel(Number.NaN)).toBe('');
  });

  it('counts views in the singular and plural', () => {
    expect(viewCountLabel(0)).toBe('0 views');
    expect(viewCountLabel(1)).toBe('1 view');
    expect(viewCountLabel(1234)).toBe('1,234 views');
  });

  it('plays the single file, or the playlist in order', () => {
    expect(playableVideos(null)).toEqual([]);
    expect(playableVideos({ type: 'single', url: '/media/final.mp4', videos: [], durationSeconds: null, captionsUrl: null })).toEqual(['/media/final.mp4']);
    expect(playableVideos({ type: 'single', url: null, videos: [], durationSeconds: null, captionsUrl: null })).toEqual([]);
    expect(playableVideos({ type: 'playlist', url: null, videos: ['/media/1.mp4', '', '/media/2.mp4'], durationSeconds: null, captionsUrl: null })).toEqual(['/media/1.mp4', '/media/2.mp4']);
  });

  it('names downloads after the title', () => {
    expect(videoFileName('Spring Launch')).toBe('Spring Launch.mp4');
    expect(videoFileName('Spring Launch', 2)).toBe('Spring Launch-scene-2.mp4');
    expect(videoFileName('a/b')).toBe('a-b.mp4');
    expect(videoFileName('///')).toBe('video.mp4');
  });

  it('frames the player in the project shape', () => {
    expect(cssAspectRatio('9:16')).toBe('9 / 16');
    expect(cssAspectRatio('16:9')).toBe('16 / 9');
    expect(cssAspectRatio('odd')).toBe('9 / 16');
  });
});
