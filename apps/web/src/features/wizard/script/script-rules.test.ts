import { describe, expect, it } from 'vitest';
import { defaultReelTime, editScene, isDurationLocked, replaceScene, scenesReady, wordLabel } from './script-rules.ts';

const free = { isFreeUser: true, maxReelSeconds: 20 };
const pro = { isFreeUser: false, maxReelSeconds: 55 };
const basic = { isFreeUser: false, maxReelSeconds: 30 };
const scene = { sceneId: 's1', title: 'Hook', text: 'one two three', durationSeconds: 6, wordCount: 3 };

describe('duration locks', () => {
  it('lets Free pick only 20 s', () => {
    expect([20, 25, 30, 35, 40, 45, 55].filter((d) => !isDurationLocked(d, free))).toEqual([20]);
  });
  it('lets paid plans pick up to their maximum', () => {
    expect(isDurationLocked(55, pro)).toBe(false);
    expect(isDurationLocked(30, basic)).toBe(false);
    expect(isDurationLocked(35, basic)).toBe(true);
  });
  it('locks nothing while the plan is unknown', () => {
    expect(isDurationLocked(55, undefined)).toBe(false);
  });
});

describe('default reel time', () => {
  it('is 20 s for Free and 30 s for paid plans', () => {
    expect(defaultReelTime(undefined, free)).toBe(20);
    expect(defaultReelTime(undefined, pro)).toBe(30);
    expect(defaultReelTime(undefined, undefined)).toBe(20);
  });
  it("prefers the project's reel time", () => {
    expect(defaultReelTime(45, pro)).toBe(45);
    expect(defaultReelTime(33, pro)).toBe(30);
  });
});

describe('scene edits', () => {
  it('recounts words by whitespace when the text changes', () => {
    expect(editScene(scene, { text: '  Fresh   words\non two\tlines ' }).wordCount).toBe(5);
    expect(editScene(scene, { text: '   ' }).wordCount).toBe(0);
  });
  it('keeps the count for other edits', () => {
    expect(editScene(scene, { title: 'New' })).toEqual({ ...scene, title: 'New' });
  });
  it('replaces one regenerated scene and keeps the rest', () => {
    const other = { ...scene, sceneId: 's2' };
    const fresh = { ...scene, text: 'brand new' };
    expect(replaceScene([scene, other], 0, fresh)).toEqual([fresh, other]);
    expect(replaceScene([scene, other], 1, undefined)).toEqual([scene, other]);
  });
  it('needs text in every scene to save', () => {
    expect(scenesReady([scene])).toBe(true);
    expect(scenesReady([{ ...scene, text: ' ' }])).toBe(false);
    expect(scenesReady([])).toBe(false);
  });
  it('labels word counts', () => {
    expect(wordLabel(1)).toBe('1 word');
    expect(wordLabel(12)).toBe('12 words');
  });
});
