import { describe, expect, it } from 'vitest';
import { allScenesVoiced, clampSpeed, humanise, previewText, sceneSpeeds, speedLabel, speedSteps, voiceDetails } from './voice-rules.ts';

describe('voice speed', () => {
  it('has stops 0.7 to 1.2 in steps of 0.1', () => {
    expect(speedSteps()).toEqual([0.7, 0.8, 0.9, 1, 1.1, 1.2]);
  });
  it('clamps and snaps, defaulting to 1.0', () => {
    expect(clampSpeed(undefined)).toBe(1);
    expect(clampSpeed(Number.NaN)).toBe(1);
    expect(clampSpeed(0.5)).toBe(0.7);
    expect(clampSpeed(1.5)).toBe(1.2);
    expect(clampSpeed(0.84)).toBe(0.8);
    expect(speedLabel(1)).toBe('1.0x');
  });
  it('gives every scene a speed', () => {
    expect(sceneSpeeds([{ sceneId: 'a' }, { sceneId: 'b' }], { a: 0.9 })).toEqual({ a: 0.9, b: 1 });
  });
});

describe('voiceover', () => {
  it('is complete when every scene has audio', () => {
    const scenes = [{ sceneId: 'a' }, { sceneId: 'b' }];
    expect(allScenesVoiced(scenes, { a: '/media/a.m4a' })).toBe(false);
    expect(allScenesVoiced(scenes, { a: '/media/a.m4a', b: '/media/b.m4a' })).toBe(true);
    expect(allScenesVoiced([], {})).toBe(false);
  });
  it('previews the first 100 characters of the script, else the scenes, else a greeting', () => {
    expect(previewText('x'.repeat(150), [], 'Ava')).toHaveLength(100);
    expect(previewText('', [{ text: 'Scene one.' }, { text: 'Two.' }], 'Ava')).toBe('Scene one. Two.');
    expect(previewText(undefined, [], 'Ava')).toContain('Ava');
  });
  it('keeps the voice details the project saves', () => {
    const voice = { id: 'v', name: 'Ava', gender: 'female', age: 'young', situation: 'warm', language: 'en', accent: 'American', description: 'Bright', emoji: '🌟' } as const;
    expect(voiceDetails(voice)).toEqual({ name: 'Ava', gender: 'female', age: 'young', accent: 'American', description: 'Bright', situation: 'warm' });
  });
  it('humanises catalogue words', () => {
    expect(humanise('middle_aged')).toBe('Middle-aged');
    expect(humanise('conversational')).toBe('Conversational');
  });
});
