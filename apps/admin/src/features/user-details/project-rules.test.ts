import { describe, expect, it } from 'vitest';
import { downloadHref, isUserId, previewableVideo, projectStatusLabel, videoFileName } from './project-rules.ts';

describe('projectStatusLabel', () => {
  it('maps the spec §4 labels and shows others raw', () => {
    expect(projectStatusLabel('Draft')).toBe('Draft');
    expect(projectStatusLabel('MediaGenerated')).toBe('Media Generated');
    expect(projectStatusLabel('LipSynced')).toBe('Lip Synced');
    expect(projectStatusLabel('Merged')).toBe('Completed');
    expect(projectStatusLabel('Archived')).toBe('Archived');
  });
});

describe('previewableVideo', () => {
  it('needs status Merged and a final video', () => {
    expect(previewableVideo({ status: 'Merged', assets: { finalVideoUrl: '/media/a.mp4' } })).toBe('/media/a.mp4');
    expect(previewableVideo({ status: 'Merged', assets: { finalVideoUrl: null } })).toBeNull();
    expect(previewableVideo({ status: 'LipSynced', assets: { finalVideoUrl: '/media/a.mp4' } })).toBeNull();
  });
});

describe('videoFileName', () => {
  it('is the project title with .mp4', () => {
    expect(videoFileName('Spring launch')).toBe('Spring launch.mp4');
    expect(videoFileName('a/b: "c"?')).toBe('a b c.mp4');
    expect(videoFileName('Clip.MP4')).toBe('Clip.mp4');
    expect(videoFileName('   ')).toBe('reelsmith-video.mp4');
    expect(videoFileName('مرحبا 🎬')).toBe('مرحبا 🎬.mp4');
  });
});

describe('isUserId', () => {
  it('accepts uuids only', () => {
    expect(isUserId('1b4e28ba-2fa1-11d2-883f-0016d3cca427')).toBe(true);
    expect(isUserId('nope')).toBe(false);
    expect(isUserId(undefined)).toBe(false);
  });
});

describe('downloadHref', () => {
  it('adds download=1 to the signed link', () => {
    expect(downloadHref('/media/projects/p/final.mp4?exp=1&sig=x')).toBe('/media/projects/p/final.mp4?exp=1&sig=x&download=1');
    expect(downloadHref('/media/a.mp4')).toBe('/media/a.mp4?download=1');
  });
});
