import { describe, expect, it } from 'vitest';
import { durationWording, estimateStatus, estimateText, progressEstimates, scaleEstimate } from './progress-estimate.ts';

describe('duration wording (spec §9)', () => {
  it('says seconds under a minute', () => {
    expect(durationWording(8)).toBe('8 seconds');
    expect(durationWording(59)).toBe('59 seconds');
  });
  it('then about a minute, up to 3 minutes, 3 to 5 minutes, up to N minutes', () => {
    expect(durationWording(60)).toBe('about a minute');
    expect(durationWording(119)).toBe('about a minute');
    expect(durationWording(120)).toBe('up to 3 minutes');
    expect(durationWording(180)).toBe('up to 3 minutes');
    expect(durationWording(240)).toBe('3 to 5 minutes');
    expect(durationWording(300)).toBe('3 to 5 minutes');
    expect(durationWording(360)).toBe('up to 6 minutes');
    expect(durationWording(401)).toBe('up to 7 minutes');
  });
});

describe('estimates', () => {
  it('scale per-scene work by the scene count', () => {
    expect(scaleEstimate(progressEstimates.voicePerScene, 3)).toEqual({ min: 6, max: 24, typical: 15 });
    expect(scaleEstimate(progressEstimates.voicePerScene, 0)).toEqual(progressEstimates.voicePerScene);
  });
  it('reads normal, then taking longer after 1.2× typical, then overtime after max', () => {
    const avatar = progressEstimates.avatar;
    expect(estimateStatus(avatar, 10)).toEqual({ phase: 'normal', percent: 29, message: estimateText.usually('35 seconds') });
    expect(estimateStatus(avatar, 42).phase).toBe('normal');
    expect(estimateStatus(avatar, 43)).toMatchObject({ phase: 'slow', message: estimateText.slow, percent: 95 });
    expect(estimateStatus(avatar, 61)).toMatchObject({ phase: 'overtime', message: estimateText.overtime });
  });
  it('keeps the estimated percent below 95', () => {
    expect(estimateStatus(progressEstimates.scenes, 14).percent).toBe(95);
    expect(estimateStatus(progressEstimates.scenes, 0).percent).toBe(0);
  });
});
