import { describe, expect, it } from 'vitest';
import {
  estimateDurationWording,
  estimateStatus,
  estimateText,
  hasRealProgress,
  progressEstimates,
  progressView,
  scaleProgressEstimate,
} from './progress-estimate.ts';

describe('duration wording (spec §9)', () => {
  it('says seconds under a minute', () => {
    expect(estimateDurationWording(0)).toBe('1 second');
    expect(estimateDurationWording(8)).toBe('8 seconds');
    expect(estimateDurationWording(59)).toBe('59 seconds');
  });
  it('then about a minute, up to 3 minutes, 3 to 5 minutes, up to N minutes', () => {
    expect(estimateDurationWording(60)).toBe('about a minute');
    expect(estimateDurationWording(90)).toBe('about a minute');
    expect(estimateDurationWording(91)).toBe('up to 3 minutes');
    expect(estimateDurationWording(180)).toBe('up to 3 minutes');
    expect(estimateDurationWording(181)).toBe('3 to 5 minutes');
    expect(estimateDurationWording(300)).toBe('3 to 5 minutes');
    expect(estimateDurationWording(360)).toBe('up to 6 minutes');
    expect(estimateDurationWording(401)).toBe('up to 7 minutes');
  });
});

describe('estimates (spec §9 table)', () => {
  it('holds the spec seconds', () => {
    expect(progressEstimates).toEqual({
      scenes: { min: 3, max: 15, typical: 8 },
      avatar: { min: 20, max: 60, typical: 35 },
      voicePerScene: { min: 2, max: 8, typical: 5 },
      standardVideoPerScene: { min: 30, max: 90, typical: 60 },
      highVideoPerScene: { min: 60, max: 180, typical: 120 },
      lipSync: { min: 15, max: 45, typical: 30 },
      merge: { min: 5, max: 20, typical: 10 },
    });
  });
  it('scale per-scene work by the scene count, at least one scene', () => {
    expect(scaleProgressEstimate(progressEstimates.voicePerScene, 3)).toEqual({ min: 6, max: 24, typical: 15 });
    expect(scaleProgressEstimate(progressEstimates.standardVideoPerScene, 3)).toEqual({ min: 90, max: 270, typical: 180 });
    expect(scaleProgressEstimate(progressEstimates.voicePerScene, 0)).toEqual(progressEstimates.voicePerScene);
  });
});

describe('estimate status', () => {
  it('counts the remaining time down while on time', () => {
    expect(estimateStatus(progressEstimates.standardVideoPerScene, 10)).toEqual({
      phase: 'normal',
      percent: 17,
      message: estimateText.remaining('50 seconds'),
    });
    expect(estimateStatus(progressEstimates.highVideoPerScene, 0).message).toBe('Estimated time remaining: up to 3 minutes');
  });
  it("reads 'Taking longer' after 1.2× typical, then overtime after max", () => {
    const avatar = progressEstimates.avatar;
    expect(estimateStatus(avatar, 42).phase).toBe('normal');
    expect(estimateStatus(avatar, 43)).toEqual({ phase: 'slow', message: estimateText.slow, percent: 95 });
    expect(estimateText.slow.startsWith('Taking longer')).toBe(true);
    expect(estimateStatus(avatar, 60).phase).toBe('slow');
    expect(estimateStatus(avatar, 61)).toEqual({ phase: 'overtime', message: estimateText.overtime, percent: 95 });
  });
  it('keeps the estimated percent within 0…95', () => {
    expect(estimateStatus(progressEstimates.scenes, -5).percent).toBe(0);
    expect(estimateStatus(progressEstimates.scenes, 0).percent).toBe(0);
    expect(estimateStatus(progressEstimates.scenes, 14).percent).toBe(95);
  });
});

describe('progress view', () => {
  const merge = progressEstimates.merge;
  it('uses the estimate until the job reports progress', () => {
    expect(progressView(merge, 2)).toEqual({ percent: 20, detail: 'Estimated time remaining: 8 seconds', note: null, phase: 'normal', live: false });
    expect(progressView(merge, 2, { status: 'queued', stage: '', percent: 0 }).live).toBe(false);
    expect(progressView(merge, 2, { status: 'running', stage: 'Starting', percent: 0 }).live).toBe(false);
  });
  it("shows the job's own stage and percent once it has them", () => {
    expect(progressView(merge, 2, { status: 'running', stage: 'Joining scenes', percent: 40 })).toEqual({
      percent: 40,
      detail: 'Joining scenes',
      note: null,
      phase: 'normal',
      live: true,
    });
    expect(progressView(merge, 2, { status: 'running', stage: '', percent: 10 }).detail).toBe('Estimated time remaining: 8 seconds');
  });
  it('adds the slow or overtime message under a real stage', () => {
    const view = progressView(merge, 25, { status: 'running', stage: 'Joining scenes', percent: 130 });
    expect(view).toMatchObject({ percent: 100, detail: 'Joining scenes', note: estimateText.overtime, phase: 'overtime' });
  });
  it('ignores a job that has ended', () => {
    expect(hasRealProgress({ status: 'completed', stage: 'Done', percent: 100 })).toBe(false);
    expect(hasRealProgress({ status: 'failed', stage: 'Joining scenes', percent: 50 })).toBe(false);
    expect(hasRealProgress(undefined)).toBe(false);
  });
});
