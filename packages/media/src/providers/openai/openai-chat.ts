// Structured chat completions on any OpenAI-compatible endpoint (official SDK, configurable base URL
// and model): the answer must be JSON matching a json_schema, then our zod schema; costs in tokens.
import type OpenAI from 'openai';
import type { z } from 'zod';
import { callProvider } from '../call-provider.ts';
import { costOf, reportCost, type CostSink } from '../cost.ts';
import { lazyClient } from '../lazy-client.ts';
import { lookupPrice, missingPriceMessage, type PriceSource } from '../prices.ts';
import type { OpenAiConfig, OpenAiPrice } from '../provider-config.ts';
import { ProviderError } from '../provider-error.ts';

export const OPENAI_PROVIDER = 'openai';

/** The configured model's price (keyed by OPENAI_MODEL); a model without one refuses to start. */
export function openAiPrice(config: OpenAiConfig): OpenAiPrice & { source: PriceSource } {
  return lookupPrice(config.prices, config.model, () =>
    missingPriceMessage('OpenAI', config.model, 'OPENAI_PRICES', JSON.stringify({ [config.model]: { inputUsdPerMillionTokens: 0.4, outputUsdPerMillionTokens: 1.6 } })),
  );
}

/** Answers the client, making it on first use. */
export type OpenAiClientSource = () => Promise<OpenAI>;

/** The official SDK at the configured base URL, loaded on first use (lazy-client.ts). */
export function openAiClient(config: OpenAiConfig): OpenAiClientSource {
  return lazyClient(async () => {
    const { default: OpenAI } = await import('openai');
    // Retries and the deadline are ours (callProvider), so the SDK makes one attempt per call.
    return new OpenAI({ apiKey: config.apiKey, baseURL: config.baseUrl, maxRetries: 0, timeout: config.policy.timeoutMs });
  });
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

export async function structuredChat<T>(clientSource: OpenAiClientSource, config: OpenAiConfig, request: StructuredChatRequest<T>): Promise<T> {
  const price = openAiPrice(config);
  const client = await clientSource();
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
    // One record in tokens; its amount weighs prompt and completion tokens by their own prices.
    const amount = usage.prompt_tokens * price.inputUsdPerMillionTokens + usage.completion_tokens * price.outputUsdPerMillionTokens;
    await reportCost(request.onCost, { ...costOf(OPENAI_PROVIDER, config.model, 'tokens', usage.total_tokens, 0, price.source), amountUsd: Math.round(amount) / 1e6 });
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
