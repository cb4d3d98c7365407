import { describe, expect, it } from 'vitest';
import { captionChoiceOf, captionSample, downloadState, previewBand, finalDownloadName, finalVideoOf, parseFinalVideo, subtitleDownloads } from './final-rules.ts';

describe('final video', () => {
  it('reads final, else video_final', () => {
    expect(finalVideoOf({})).toBeNull();
    expect(finalVideoOf({ video_final: { type: 'single', url: '/media/f.mp4' } })?.url).toBe('/media/f.mp4');
  });

  it('parses single files and playlists', () => {
    expect(parseFinalVideo({ type: 'single', url: '/media/f.mp4' })).toEqual({ kind: 'single', url: '/media/f.mp4' });
    expect(parseFinalVideo({ type: 'merged_single_file', url: '/media/f.mp4' })).toEqual({ kind: 'single', url: '/media/f.mp4' });
    expect(parseFinalVideo({ type: 'playlist', url: JSON.stringify({ videos: ['/media/a.mp4', '/media/b.mp4'] }) })).toEqual({
      kind: 'playlist',
      videos: ['/media/a.mp4', '/media/b.mp4'],
    });
    expect(parseFinalVideo({ type: 'playlist', url: JSON.stringify({ videos: [{ url: '/media/a.mp4' }] }) })).toEqual({ kind: 'playlist', videos: ['/media/a.mp4'] });
  });

  it('reports unreadable playlists with the spec messages', () => {
    expect(parseFinalVideo({ type: 'playlist', url: '{not json' })).toEqual({ kind: 'error', message: 'Error: Cannot parse playlist data' });
    expect(parseFinalVideo({ type: 'playlist', url: '{"items": 1}' })).toEqual({ kind: 'error', message: 'Unable to parse video data' });
    expect(parseFinalVideo({ type: 'single', url: '' })).toEqual({ kind: 'error', message: 'Unable to parse video data' });
  });

  it('names downloads after the project title', () => {
    expect(finalDownloadName('Spring Launch: Teaser')).toBe('Spring Launch- Teaser.mp4');
    expect(finalDownloadName('  ')).toBe('Untitled UGC Video.mp4');
    expect(finalDownloadName('Promo', 2)).toBe('Promo-scene-2.mp4');
  });

  it('allows a download only with a plan that permits it and existing data', () => {
    const single = parseFinalVideo({ type: 'single', url: '/media/f.mp4' });
    expect(downloadState(false, 'Promo', single)).toEqual({ kind: 'locked' });
    expect(downloadState(true, 'Promo', null)).toEqual({ kind: 'missing' });
    expect(downloadState(true, 'Promo', single)).toEqual({ kind: 'ready', url: '/media/f.mp4', fileName: 'Promo.mp4' });
    const playlist = parseFinalVideo({ type: 'playlist', url: '["/media/a.mp4","/media/b.mp4"]' });
    expect(downloadState(true, 'Promo', playlist, 1)).toEqual({ kind: 'ready', url: '/media/b.mp4', fileName: 'Promo-scene-2.mp4' });
  });
});

describe('captions', () => {
  it('remembers the last choice, else off, clean, at the bottom', () => {
    expect(captionChoiceOf({})).toEqual({ on: false, style: 'clean', position: 'bottom' });
    expect(captionChoiceOf({ final: { captions: true, captionStyle: 'highlight', captionPosition: 'top' } })).toEqual({ on: true, style: 'highlight', position: 'top' });
  });

  it('previews the first words of the script', () => {
    expect(captionSample(['  Tired of dull', 'skin every morning? Try this'])).toBe('Tired of dull skin every');
    expect(captionSample([])).toBe('Your captions appear here');
  });

  it('names the subtitle files after the project, for a single video only', () => {
    const captions = { style: null, position: 'bottom' as const, vttUrl: '/media/projects/x/final/a.vtt', srtUrl: '/media/projects/x/final/a.srt' };
    expect(subtitleDownloads({ type: 'single', url: '/media/a.mp4', captions }, 'Glow Serum: Launch')).toEqual({
      vtt: { url: captions.vttUrl, fileName: expect.stringMatching(/^Glow.*Launch\.vtt$/) },
      srt: { url: captions.srtUrl, fileName: expect.stringMatching(/^Glow.*Launch\.srt$/) },
    });
    expect(subtitleDownloads({ type: 'single', url: '/media/a.mp4' }, 'T')).toBeNull();
    expect(subtitleDownloads(null, 'T')).toBeNull();
  });
});

describe('previewBand', () => {
  it('places the preview band from the block the merge uses, held by the edge of its place', () => {
    const place = { left: 0.05, right: 0.554, top: 0.7, bottom: 0.8612 };
    expect(previewBand(place, 'bottom')).toEqual({ left: '5%', right: '44.6%', bottom: '13.9%' });
    expect(previewBand(place, 'top')).toEqual({ left: '5%', right: '44.6%', top: '70%', transform: 'none' });
    expect(previewBand(place, 'middle')).toEqual({ left: '5%', right: '44.6%', top: '70%', transform: 'none' });
    expect(previewBand(undefined, 'bottom')).toBeNull();
  });
});
