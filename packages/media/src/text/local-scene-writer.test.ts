import { countWords } from '@reelsmith/shared';
import { describe, expect, it } from 'vitest';
import { LocalSceneWriter, SceneValidationError } from './local-scene-writer.ts';
import { LocalAvatarPromptWriter } from './local-avatar-prompt-writer.ts';
import { splitSentences } from './sentences.ts';

const script =
  'Tired of dull skin every morning? Meet Glow Serum, the vitamin C boost your routine is missing. ' +
  'Two drops after cleansing, and your skin drinks it in within seconds. In a week, my dark spots faded and my makeup sits better. ' +
  'It is fragrance free, vegan, and gentle enough for sensitive skin. Tap the link, grab yours today, and glow with me.';

describe('splitSentences', () => {
  it('splits at sentence ends but not at abbreviations', () => {
    expect(splitSentences('Hello there! Dr. Smith said hi. Is it 5.5 or 6? Yes.')).toEqual(['Hello there!', 'Dr. Smith said hi.', 'Is it 5.5 or 6?', 'Yes.']);
  });
});

describe('the local scene writer', () => {
  const writer = new LocalSceneWriter();

  it.each([
    [20, 3],
    [30, 3],
    [40, 4],
    [45, 5],
    [55, 6],
  ])('makes the spec scene count for a %i s reel, 6–10 s each, keeping every word in order', async (reelTime, count) => {
    const scenes = await writer.writeScenes({ script, reelTime });
    expect(scenes).toHaveLength(count);
    expect(scenes.map((s) => s.text).join(' ')).toBe(script.replace(/\s+/g, ' ').trim());
    for (const [i, s] of scenes.entries()) {
      expect(s.sceneId).toBe(`scene-${i + 1}`);
      expect(s.durationSeconds).toBeGreaterThanOrEqual(6);
      expect(s.durationSeconds).toBeLessThanOrEqual(10);
      expect(s.wordCount).toBe(countWords(s.text));
      expect(s.title.length).toBeGreaterThan(2);
      expect(s.title.split(' ').length).toBeLessThanOrEqual(4);
    }
  });

  it('balances word counts across scenes', async () => {
    const scenes = await writer.writeScenes({ script, reelTime: 30 });
    const counts = scenes.map((s) => s.wordCount);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(12);
  });

  it('cuts at sentence boundaries when there are enough sentences', async () => {
    const scenes = await writer.writeScenes({ script, reelTime: 20 });
    for (const s of scenes) expect(s.text).toMatch(/[.!?]$/);
  });

  it('splits a short script at clauses to reach the scene count', async () => {
    const scenes = await writer.writeScenes({ script: 'Meet our serum, made for busy mornings, and it smells like summer.', reelTime: 20 });
    expect(scenes).toHaveLength(3);
  });

  it('refuses scripts that are empty, over 2000 characters, too long for the reel, or too short', async () => {
    await expect(writer.writeScenes({ script: '   ', reelTime: 20 })).rejects.toMatchObject({ code: 'empty_script' });
    await expect(writer.writeScenes({ script: 'word '.repeat(401) + 'x', reelTime: 55 })).rejects.toMatchObject({ code: 'script_too_long' });
    const long = 'This sentence has exactly eight words in it. '.repeat(10);
    await expect(writer.writeScenes({ script: long, reelTime: 20 })).rejects.toThrow(/^Scene validation failed/);
    await expect(writer.writeScenes({ script: 'Hi.', reelTime: 20 })).rejects.toBeInstanceOf(SceneValidationError);
  });

  it('plans each scene at the voice’s own pace, and refuses a script too long for it', async () => {
    const usual = await writer.writeScenes({ script, reelTime: 30 });
    const slow = await writer.writeScenes({ script, reelTime: 30, wordsPerSecond: 2.1 });
    const fast = await writer.writeScenes({ script, reelTime: 30, wordsPerSecond: 3.4 });
    for (const [i, scene] of usual.entries()) {
      // Same words, timed at each pace: 2.7 words a second unless the voice says otherwise, kept within 6–10 s.
      expect(scene.durationSeconds).toBe(Math.min(10, Math.max(6, Math.round((scene.wordCount / 2.7) * 10) / 10)));
      expect(slow[i]!.durationSeconds).toBe(Math.min(10, Math.max(6, Math.round((slow[i]!.wordCount / 2.1) * 10) / 10)));
      expect(fast[i]!.durationSeconds).toBe(Math.min(10, Math.max(6, Math.round((fast[i]!.wordCount / 3.4) * 10) / 10)));
    }
    const total = (scenes: { durationSeconds: number }[]) => scenes.reduce((sum, s) => sum + s.durationSeconds, 0);
    expect(total(slow)).toBeGreaterThan(total(usual));
    expect(total(fast)).toBeLessThan(total(usual));
    // 60 words fit a 20-s reel at 2.7 a second (at the fastest speed, 1.2×), not at 2.1.
    const sixty = 'Short clear lines work best in a video like this. '.repeat(6);
    await expect(writer.writeScenes({ script: sixty, reelTime: 20 })).resolves.toHaveLength(3);
    await expect(writer.writeScenes({ script: sixty, reelTime: 20, wordsPerSecond: 2.1 })).rejects.toMatchObject({ code: 'too_long_for_reel', facts: { neededSeconds: 29, reelTime: 20 } });
  });

  it('regenerates one scene keeping the others and its id, or all of them', async () => {
    const scenes = await writer.writeScenes({ script, reelTime: 30 });
    const edited = scenes.map((s, i) => (i === 1 ? { ...s, text: 'Something the customer typed.', wordCount: 4, title: 'Edited' } : s));
    const one = await writer.regenerate({ script, reelTime: 30, scenes: edited, sceneIndex: 1 });
    expect(one[0]).toEqual(scenes[0]);
    expect(one[2]).toEqual(scenes[2]);
    expect(one[1]).toMatchObject({ sceneId: 'scene-2', text: scenes[1]!.text });
    const all = await writer.regenerate({ script, reelTime: 40, scenes, sceneIndex: null });
    expect(all).toHaveLength(4);
  });
});

describe('the local avatar prompt writer', () => {
  it('describes a presenter from the topic and the voice', async () => {
    const prompt = await new LocalAvatarPromptWriter().suggest({
      scenes: [{ title: 'Glow', text: 'Meet Glow Serum for your skin.' }],
      projectTitle: 'Glow Serum launch',
      script,
      voice: { gender: 'female', age: 'young' },
    });
    expect(prompt).toMatch(/^A friendly, confident woman in her 20s/);
    expect(prompt).toContain('bathroom');
    // The product's own name, as a person would write it, not a list of keywords.
    expect(prompt).toContain(', showing off Glow Serum,');
  });

  it('says what the presenter talks about when the script names no product', async () => {
    const prompt = await new LocalAvatarPromptWriter().suggest({ scenes: [], projectTitle: 'Routine', script: 'Tired of dull skin every morning? This serum helps.', voice: { gender: 'male', age: 'senior' } });
    expect(prompt).toContain('man in his 60s');
    expect(prompt).toContain(', talking about his skincare routine,');
  });

  it('uses a neutral person and a studio when nothing says otherwise', async () => {
    const prompt = await new LocalAvatarPromptWriter().suggest({ scenes: [], projectTitle: 'Hello', script: 'Hello world.' });
    expect(prompt).toContain('person in their 30s');
    expect(prompt).toContain('studio');
  });
});
