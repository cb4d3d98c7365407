import { z } from 'zod';
import type { AvatarPromptRequest, AvatarPromptWriter } from '../../engines.ts';
import type { OpenAiConfig } from '../provider-config.ts';
import { openAiClient, openAiPrice, structuredChat, type OpenAiClientSource } from './openai-chat.ts';

const promptSchema = z.object({ prompt: z.string().trim().min(10).max(2000) });
const promptJsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['prompt'],
  properties: { prompt: { type: 'string', description: 'One paragraph describing the presenter and the setting' } },
};

/** An avatar description suggested by a chat model from the scenes, title and voice. */
export class LlmAvatarPromptWriter implements AvatarPromptWriter {
  readonly #client: OpenAiClientSource;
  readonly #config: OpenAiConfig;

  constructor(config: OpenAiConfig) {
    openAiPrice(config);
    this.#config = config;
    this.#client = openAiClient(config);
  }

  async suggest(request: AvatarPromptRequest): Promise<string> {
    const voice = [request.voice?.gender, request.voice?.age?.replace('_', ' ')].filter(Boolean).join(', ');
    const answer = await structuredChat(this.#client, this.#config, {
      system:
        'You describe the presenter of a short talking-head video for an image model: appearance, age, clothing, expression, and a setting that fits the topic. Photorealistic, facing the camera, upper body. No real or famous people, no brand names, no text in the picture. One paragraph under 80 words.',
      user: [`Title: ${request.projectTitle || 'untitled'}`, voice ? `Voice: ${voice}` : '', 'Scenes:', ...request.scenes.map((s) => `- ${s.title}: ${s.text}`)].filter(Boolean).join('\n'),
      schemaName: 'avatar_prompt',
      jsonSchema: promptJsonSchema,
      schema: promptSchema,
      onCost: request.onCost,
    });
    return answer.prompt;
  }
}
