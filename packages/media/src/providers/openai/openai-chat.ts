// Structured chat completions on any OpenAI-compatible endpoint (official SDK, configurable base URL
// and model): the answer must be JSON matching a json_schema, then our zod schema; costs in tokens.
import OpenAI from 'openai';
import type { z } from 'zod';
import { callProvider } from '../call-provider.ts';
import { reportCost, type CostSink } from '../cost.ts';
import type { OpenAiConfig } from '../provider-config.ts';
import { ProviderError } from '../provider-error.ts';

export const OPENAI_PROVIDER = 'openai';

export function createOpenAiClient(config: OpenAiConfig): OpenAI {
  // Retries and the deadline are ours (callProvider), so the SDK makes one attempt per call.
  return new OpenAI({ apiKey: config.apiKey, baseURL: config.baseUrl, maxRetries: 0, timeout: config.policy.timeoutMs });
}

export interface StructuredChatRequest<T> {
  system: string;
  user: string;
  schemaName: string;
  /** JSON Schema for response_format (strict: every property required, no extras). */
  jsonSchema: Record<string, unknown>;
  schema: z.ZodType<T>;
  onCost?: CostSink | undefined;
}

export async function structuredChat<T>(client: OpenAI, config: OpenAiConfig, request: StructuredChatRequest<T>): Promise<T> {
  const completion = await callProvider(OPENAI_PROVIDER, config.policy, (signal) =>
    client.chat.completions.create(
      {
        model: config.model,
        messages: [
          { role: 'system', content: request.system },
          { role: 'user', content: request.user },
        ],
        response_format: { type: 'json_schema', json_schema: { name: request.schemaName, strict: true, schema: request.jsonSchema } },
      },
      { signal },
    ),
  );
  const usage = completion.usage;
  if (usage) {
    const amount = (usage.prompt_tokens * config.inputUsdPerMillionTokens + usage.completion_tokens * config.outputUsdPerMillionTokens) / 1e6;
    await reportCost(request.onCost, { provider: OPENAI_PROVIDER, model: config.model, unit: 'tokens', quantity: usage.total_tokens, amountUsd: Math.round(amount * 1e6) / 1e6 });
  }
  const choice = completion.choices?.[0];
  const content = choice?.message?.content;
  if (choice?.message?.refusal) throw new ProviderError('rejected', OPENAI_PROVIDER, `model refused: ${choice.message.refusal.slice(0, 200)}`);
  if (typeof content !== 'string' || content.trim() === '') throw new ProviderError('bad_output', OPENAI_PROVIDER, 'empty answer');
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch (err) {
    throw new ProviderError('bad_output', OPENAI_PROVIDER, 'answer is not JSON', { cause: err });
  }
  const parsed = request.schema.safeParse(json);
  if (!parsed.success) throw new ProviderError('bad_output', OPENAI_PROVIDER, `answer does not match ${request.schemaName}: ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data;
}
