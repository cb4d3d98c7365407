import { z } from 'zod';
import { countWords, SCENE_TEXT_MAX_CHARS, SCRIPT_MAX_CHARS, sceneCountFor, sceneDurationFor, sceneMessages, sceneSeconds, speechSeconds, VOICE_SPEED, WORDS_PER_SECOND } from '@reelsmith/shared';
import type { PlannedScene, SceneRequest, SceneWriter } from '../../engines.ts';
import { SceneValidationError } from '../../text/local-scene-writer.ts';
import type { OpenAiConfig } from '../provider-config.ts';
import { ProviderError } from '../provider-error.ts';
import { openAiClient, OPENAI_PROVIDER, openAiPrice, structuredChat, type OpenAiClientSource } from './openai-chat.ts';

const scenesSchema = z.object({
  scenes: z.array(z.object({ title: z.string().trim().min(1).max(80), text: z.string().trim().min(1).max(SCENE_TEXT_MAX_CHARS) })).min(1).max(10),
});

const scenesJsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['scenes'],
  properties: {
    scenes: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'text'],
        properties: { title: { type: 'string', description: 'Two to five words' }, text: { type: 'string', description: 'What the presenter says' } },
      },
    },
  },
};

export interface LlmSceneWriterOptions {
  /** The video model's audio limit: no scene may need longer than this to read (spec §9 planning). */
  maxSceneSeconds?: number | undefined;
}

/** Scenes written by a chat model, held to the same rules as the local writer (count, length, 6–10 s). */
export class LlmSceneWriter implements SceneWriter {
  readonly #client: OpenAiClientSource;
  readonly #config: OpenAiConfig;
  readonly #maxSceneSeconds: number;

  constructor(config: OpenAiConfig, options: LlmSceneWriterOptions = {}) {
    openAiPrice(config);
    this.#config = config;
    this.#client = openAiClient(config);
    this.#maxSceneSeconds = options.maxSceneSeconds ?? Infinity;
  }

  async writeScenes(request: SceneRequest): Promise<PlannedScene[]> {
    const script = checkScript(request);
    const count = request.sceneCount ?? sceneCountFor(request.reelTime);
    const seconds = request.sceneDuration ?? sceneDurationFor(request.reelTime);
    const answer = await structuredChat(this.#client, this.#config, {
      system: systemPrompt(seconds, this.#maxSceneSeconds, rateOf(request)),
      user: `Split this script into exactly ${count} scenes for a ${request.reelTime}-second vertical video.\n\nScript:\n${script}`,
      schemaName: 'scenes',
      jsonSchema: scenesJsonSchema,
      schema: scenesSchema,
      onCost: request.onCost,
    });
    if (answer.scenes.length !== count) throw new ProviderError('bad_output', OPENAI_PROVIDER, `asked for ${count} scenes, got ${answer.scenes.length}`);
    return answer.scenes.map((s, i) => this.#toScene(s, `scene-${i + 1}`, rateOf(request)));
  }

  async regenerate(request: SceneRequest & { scenes: PlannedScene[]; sceneIndex: number | null }): Promise<PlannedScene[]> {
    if (request.sceneIndex === null) return this.writeScenes(request);
    const index = request.sceneIndex;
    const current = request.scenes[index];
    if (!current) throw new SceneValidationError('too_short', `There is no scene ${index + 1}.`);
    const script = checkScript(request);
    const context = request.scenes.map((s, i) => `${i + 1}. ${s.title}: ${s.text}`).join('\n');
    const answer = await structuredChat(this.#client, this.#config, {
      system: systemPrompt(current.durationSeconds, this.#maxSceneSeconds, rateOf(request)),
      user: `Rewrite scene ${index + 1} only, keeping it consistent with the others and the script. Answer with exactly one scene.\n\nScript:\n${script}\n\nScenes:\n${context}`,
      schemaName: 'scenes',
      jsonSchema: scenesJsonSchema,
      schema: scenesSchema,
      onCost: request.onCost,
    });
    const fresh = answer.scenes[0]!;
    return request.scenes.map((s, i) => (i === index ? this.#toScene(fresh, s.sceneId, rateOf(request)) : s));
  }

  #toScene(scene: { title: string; text: string }, sceneId: string, wordsPerSecond: number): PlannedScene {
    const wordCount = countWords(scene.text);
    const spoken = speechSeconds(wordCount, wordsPerSecond);
    if (spoken > this.#maxSceneSeconds) {
      throw new SceneValidationError('too_long_for_reel', `Scene validation failed: a scene needs about ${Math.round(spoken)} seconds of speech, more than the video model accepts (${this.#maxSceneSeconds} s). Please try again.`);
    }
    return { sceneId, title: scene.title, text: scene.text, wordCount, durationSeconds: sceneSeconds(wordCount, wordsPerSecond) };
  }
}

function checkScript(request: SceneRequest): string {
  const script = request.script.trim();
  if (!script) throw new SceneValidationError('empty_script', sceneMessages.emptyScript);
  if (script.length > SCRIPT_MAX_CHARS) throw new SceneValidationError('script_too_long', sceneMessages.scriptTooLong);
  const words = countWords(script);
  const rate = rateOf(request);
  if (words > request.reelTime * rate * VOICE_SPEED.max) {
    const neededSeconds = Math.round(speechSeconds(words, rate));
    throw new SceneValidationError('too_long_for_reel', sceneMessages.tooLongForReel(neededSeconds, request.reelTime), { neededSeconds, reelTime: request.reelTime });
  }
  return script;
}

/** The voice's rate, or 2.7 words per second before one has spoken. */
function rateOf(request: SceneRequest): number {
  return request.wordsPerSecond ?? WORDS_PER_SECOND;
}

function systemPrompt(seconds: number, maxSceneSeconds: number, wordsPerSecond: number): string {
  const words = Math.round(seconds * wordsPerSecond);
  const cap = Number.isFinite(maxSceneSeconds) ? ` Never more than ${Math.floor(maxSceneSeconds * wordsPerSecond)} words in a scene.` : '';
  const rate = Math.round(wordsPerSecond * 10) / 10;
  return [
    'You split short-video scripts into scenes a presenter reads to camera.',
    `Each scene is about ${seconds} seconds of speech: about ${words} words (speech runs at ${rate} words per second).${cap}`,
    `Keep the script's meaning and language; each scene's text is under ${SCENE_TEXT_MAX_CHARS} characters; titles are two to five words.`,
    'Answer only with the JSON object.',
  ].join(' ');
}
