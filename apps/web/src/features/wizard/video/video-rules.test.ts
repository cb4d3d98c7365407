import { describe, expect, it } from 'vitest';
import { isOverReelTime } from '../reel-time.ts';
import { effectiveQuality, formatSeconds, isQualityLocked, sceneSeconds, sceneVideoFileName, totalSeconds, videoCoverage } from './video-rules.ts';

const scene = (sceneId: string, durationSeconds: number, actualDuration?: number) => ({
  sceneId,
  title: sceneId,
  text: 'Hello there.',
  durationSeconds,
  wordCount: 2,
  ...(actualDuration === undefined ? {} : { actualDuration }),
});

describe('scene durations', () => {
  it('uses the measured video duration first, then the voiceover length', () => {
    expect(sceneSeconds(scene('a', 6, 5.5), { a: 6.4 })).toBe(6.4);
    expect(sceneSeconds(scene('a', 6, 5.5), {})).toBe(5.5);
  });

  it('falls back to 5 s for requests of 7 s or less, else 10 s', () => {
    expect(sceneSeconds(scene('a', 7), undefined)).toBe(5);
    expect(sceneSeconds(scene('a', 6), {})).toBe(5);
    expect(sceneSeconds(scene('a', 7.5), {})).toBe(10);
    expect(sceneSeconds(scene('a', 10), { a: 0 })).toBe(10);
  });

  it('adds the scenes up and flags a total over the reel time', () => {
    const project = { scenes: [scene('a', 6), scene('b', 8), scene('c', 6)], assets: { video_durations: { a: 6.2 } } };
    expect(totalSeconds(project)).toBeCloseTo(21.2);
    expect(isOverReelTime(21.2, 20)).toBe(true);
    expect(isOverReelTime(20, 20)).toBe(false);
    expect(isOverReelTime(19.5, 20)).toBe(false);
  });

  it('formats seconds', () => {
    expect(formatSeconds(10)).toBe('10s');
    expect(formatSeconds(6.24)).toBe('6.2s');
  });
});

describe('quality', () => {
  const free = { isFreeUser: true, allowedQualities: ['standard'] as const };
  const pro = { isFreeUser: false, allowedQualities: ['standard', 'high'] as const };
  it('locks high quality for Free users and plans without it', () => {
    expect(isQualityLocked('high', free)).toBe(true);
    expect(isQualityLocked('high', { isFreeUser: false, allowedQualities: ['standard'] })).toBe(true);
    expect(isQualityLocked('high', pro)).toBe(false);
    expect(isQualityLocked('standard', free)).toBe(false);
    expect(isQualityLocked('high', undefined)).toBe(true);
  });

  it('resets high to standard for Free users', () => {
    expect(effectiveQuality('high', free)).toBe('standard');
    expect(effectiveQuality('high', pro)).toBe('high');
    expect(effectiveQuality('high', undefined)).toBe('high');
  });
});

describe('scene videos', () => {
  it('names downloads scene-N-video.mp4', () => {
    expect(sceneVideoFileName(1)).toBe('scene-1-video.mp4');
    expect(sceneVideoFileName(3)).toBe('scene-3-video.mp4');
  });

  it('counts scenes with videos', () => {
    const scenes = [scene('a', 6), scene('b', 6)];
    expect(videoCoverage({ scenes, assets: { video_generated: { a: '/media/a.mp4' } } })).toEqual({ done: 1, total: 2, all: false, any: true });
    expect(videoCoverage({ scenes, assets: { video_generated: { a: '/media/a.mp4', b: '/media/b.mp4' } } }).all).toBe(true);
    expect(videoCoverage({ scenes: [], assets: {} }).all).toBe(false);
  });
});
