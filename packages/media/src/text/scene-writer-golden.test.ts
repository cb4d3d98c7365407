import { readFileSync } from 'node:fs';
import { sceneCountFor } from '@reelsmith/shared';
import { describe, expect, it } from 'vitest';
import { GOLDEN_SCRIPTS } from './golden-scripts.ts';
import { LocalSceneWriter } from './local-scene-writer.ts';
import { bare, BINDERS } from './phrase-words.ts';

type Answer = { title: string; text: string; durationSeconds: number }[] | { refused: string };
const golden = JSON.parse(readFileSync(new URL('./golden-scenes.json', import.meta.url), 'utf8')) as Record<string, Answer>;

describe('the scene writer’s golden set', () => {
  const writer = new LocalSceneWriter();

  it('has at least 20 varied scripts, in every language the voices read, each with its recorded answer', () => {
    expect(GOLDEN_SCRIPTS.length).toBeGreaterThanOrEqual(20);
    expect(Object.keys(golden).sort()).toEqual(GOLDEN_SCRIPTS.map((g) => g.name).sort());
    for (const name of ['Spanish', 'French', 'German', 'Italian', 'Portuguese', 'questions', 'a numbered list', 'numbers and prices']) expect(golden).toHaveProperty([name]);
  });

  it.each(GOLDEN_SCRIPTS.map((g) => [g.name, g] as const))('%s', async (_name, { script, reelTime, name }) => {
    const scenes = await writer.writeScenes({ script, reelTime });
    // The recorded answer (scripts/golden-update.ts; read by eye when it changes).
    expect(scenes.map((s) => ({ title: s.title, text: s.text, durationSeconds: s.durationSeconds }))).toEqual(golden[name]);

    // And the rules behind it, whatever the answer.
    expect(scenes.map((s) => s.text).join(' ')).toBe(script.replace(/\s+/g, ' ').trim());
    expect(scenes.length).toBeLessThanOrEqual(sceneCountFor(reelTime));
    for (const [i, scene] of scenes.entries()) {
      const words = scene.text.split(' ');
      // Never mid-phrase: a scene that does not end the script never ends on a word that binds to the next.
      const last = words.at(-1)!;
      if (i < scenes.length - 1 && !/[.!?…;:,"”)]$/.test(last)) expect(BINDERS.has(bare(last)), `scene ${i + 1} ends '${last}'`).toBe(false);
      expect(words.length).toBeGreaterThanOrEqual(3);
      // A title is a short phrase taken from the scene, in order, not a keyword list.
      const titleWords = scene.title.split(' ');
      expect(titleWords.length).toBeGreaterThanOrEqual(1);
      expect(titleWords.length).toBeLessThanOrEqual(5);
      expect(BINDERS.has(bare(titleWords.at(-1)!)) && titleWords.length > 1).toBe(false);
      const sceneWords = words.map(bare);
      const start = sceneWords.indexOf(bare(titleWords[0]!));
      expect(start, `title '${scene.title}' comes from '${scene.text}'`).toBeGreaterThanOrEqual(0);
      titleWords.forEach((w, k) => expect(sceneWords[start + k]).toBe(bare(w)));
      expect(scene.durationSeconds).toBeGreaterThanOrEqual(6);
      expect(scene.durationSeconds).toBeLessThanOrEqual(10);
    }
  });
});
