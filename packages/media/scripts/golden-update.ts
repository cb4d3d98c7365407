// Writes the scene writer's golden answers (src/text/golden-scenes.json) from the current writer.
// Read the diff by eye before committing: these are what the tests then hold the writer to.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { GOLDEN_SCRIPTS } from '../src/text/golden-scripts.ts';
import { LocalSceneWriter } from '../src/text/local-scene-writer.ts';

const writer = new LocalSceneWriter();
const answers: Record<string, { title: string; text: string; durationSeconds: number }[] | { refused: string }> = {};
for (const golden of GOLDEN_SCRIPTS) {
  try {
    const scenes = await writer.writeScenes({ script: golden.script, reelTime: golden.reelTime });
    answers[golden.name] = scenes.map((s) => ({ title: s.title, text: s.text, durationSeconds: s.durationSeconds }));
  } catch (error) {
    answers[golden.name] = { refused: (error as Error).message };
  }
}
await writeFile(resolve(import.meta.dirname, '../src/text/golden-scenes.json'), `${JSON.stringify(answers, null, 2)}\n`);
process.stdout.write(`${Object.keys(answers).length} golden scripts written\n`);
