import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFakeOpenAi, malformedCompletion, OPENAI_OUT_OF_CREDIT } from '../fakes/fake-openai.ts';
import type { ProviderCost } from '../cost.ts';
import { OPENAI_DEFAULT_PRICES, type OpenAiConfig } from '../provider-config.ts';
import { isProviderError, type ProviderError } from '../provider-error.ts';
import { providerErrorMessage } from '../provider-messages.ts';
import { TEST_POLICY } from '../test-policy.ts';
import { LlmAvatarPromptWriter } from './llm-avatar-prompt-writer.ts';
import { LlmSceneWriter } from './llm-scene-writer.ts';

const fake = createFakeOpenAi('sk-test');
let config: OpenAiConfig;
const script =
  'Meet the bottle that keeps coffee hot for twelve hours. It fits every cup holder and never leaks in your bag. Order today and get free shipping on your first bottle.';

beforeAll(async () => {
  const base = await fake.start();
  config = { apiKey: 'sk-test', baseUrl: `${base}/v1`, model: 'gpt-test', policy: TEST_POLICY, prices: { 'gpt-test': { inputUsdPerMillionTokens: 0.15, outputUsdPerMillionTokens: 0.6 } } };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isProviderError(err)) throw new Error(`expected a ProviderError, got ${String(err)}`);
  return err;
}

describe('OpenAI-compatible scene writer', () => {
  it('sends a strict json_schema chat completion and returns validated scenes with their cost', async () => {
    const costs: ProviderCost[] = [];
    const scenes = await new LlmSceneWriter(config).writeScenes({ script, reelTime: 20, onCost: (c) => void costs.push(c) });
    expect(scenes).toHaveLength(3);
    expect(scenes.map((s) => s.sceneId)).toEqual(['scene-1', 'scene-2', 'scene-3']);
    for (const s of scenes) {
      expect(s.wordCount).toBeGreaterThan(0);
      expect(s.durationSeconds).toBeGreaterThanOrEqual(6);
      expect(s.durationSeconds).toBeLessThanOrEqual(10);
    }
    const [request] = fake.requests;
    const body = request!.json as { model: string; response_format: { type: string; json_schema: { name: string; strict: boolean } } };
    expect(request!.headers.authorization).toBe('Bearer sk-test');
    expect(body.model).toBe('gpt-test');
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema).toMatchObject({ name: 'scenes', strict: true });
    expect(costs).toEqual([{ provider: 'openai', model: 'gpt-test', unit: 'tokens', quantity: 200, amountUsd: 0.000066, priceSource: 'config' }]);
  });

  it('regenerates one scene and keeps the others', async () => {
    const writer = new LlmSceneWriter(config);
    const scenes = await writer.writeScenes({ script, reelTime: 20 });
    const again = await writer.regenerate({ script, reelTime: 20, scenes, sceneIndex: 1 });
    expect(again[0]).toEqual(scenes[0]);
    expect(again[2]).toEqual(scenes[2]);
    expect(again[1]!.sceneId).toBe('scene-2');
  });

  it('retries after a 429 (honouring Retry-After) and succeeds', async () => {
    fake.misbehave(/chat\/completions/, { status: 429, headers: { 'retry-after': '0' }, json: { error: { message: 'Rate limit reached' } } });
    const scenes = await new LlmSceneWriter(config).writeScenes({ script, reelTime: 20 });
    expect(scenes).toHaveLength(3);
    expect(fake.requests).toHaveLength(2);
  });

  it('gives up after repeated 500s with the spec message for an unavailable AI service', async () => {
    fake.misbehave(/chat\/completions/, { status: 500, json: { error: { message: 'boom' } } }, { status: 500, json: {} }, { status: 500, json: {} });
    const err = await failure(new LlmSceneWriter(config).writeScenes({ script, reelTime: 20 }));
    expect(err.kind).toBe('unavailable');
    expect(fake.requests).toHaveLength(1 + TEST_POLICY.maxRetries);
    expect(providerErrorMessage('llm', err.kind)).toMatch(/^AI service temporarily unavailable/);
  });

  it('ends a call that never answers at the deadline as a timeout', async () => {
    fake.misbehave(/chat\/completions/, { hang: true });
    const started = Date.now();
    const err = await failure(new LlmSceneWriter({ ...config, policy: { ...TEST_POLICY, timeoutMs: 300 } }).writeScenes({ script, reelTime: 20 }));
    expect(err.kind).toBe('timeout');
    // Three tries of 300 ms with short waits between, not the policy's usual 20 s per try.
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('turns a reply that is not the promised JSON into "Failed to process the AI response"', async () => {
    fake.misbehave(/chat\/completions/, malformedCompletion());
    const err = await failure(new LlmSceneWriter(config).writeScenes({ script, reelTime: 20 }));
    expect(err.kind).toBe('bad_output');
    expect(providerErrorMessage('llm', err.kind)).toMatch(/^Failed to process the AI response/);
    expect(fake.requests).toHaveLength(1);
  });

  it('asks the provider once per answer under a 503 and a 429 (the failed requests produced nothing to pay)', async () => {
    const costs: ProviderCost[] = [];
    fake.misbehave(/chat\/completions/, { status: 503, json: {} }, { status: 429, headers: { 'retry-after': '0' }, json: { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } } });
    const handledBefore = fake.handled.length;
    await new LlmSceneWriter(config).writeScenes({ script, reelTime: 20, onCost: (c) => void costs.push(c) });
    expect(fake.requests).toHaveLength(3);
    expect(fake.handled.length - handledBefore).toBe(1);
    expect(costs).toHaveLength(1);
  });

  it("reads 429 insufficient_quota as out of credit (not a rate limit): no retry, the spec's credits message", async () => {
    fake.misbehave(/chat\/completions/, OPENAI_OUT_OF_CREDIT, OPENAI_OUT_OF_CREDIT, OPENAI_OUT_OF_CREDIT);
    const err = await failure(new LlmSceneWriter(config).writeScenes({ script, reelTime: 20 }));
    expect(err.kind).toBe('insufficient_credits');
    expect(fake.requests).toHaveLength(1);
    expect(providerErrorMessage('llm', err.kind)).toBe('Your account has insufficient credits. Please upgrade your plan or wait for your quota to reset.');
    fake.behave();
  });

  it('maps 402 to insufficient credits and 404 to model unavailable, without retrying', async () => {
    fake.misbehave(/chat\/completions/, { status: 402, json: { error: { message: 'quota' } } });
    expect((await failure(new LlmSceneWriter(config).writeScenes({ script, reelTime: 20 }))).kind).toBe('insufficient_credits');
    fake.misbehave(/chat\/completions/, { status: 404, json: { error: { message: 'model not found' } } });
    expect((await failure(new LlmSceneWriter(config).writeScenes({ script, reelTime: 20 }))).kind).toBe('model_unavailable');
    expect(fake.requests).toHaveLength(2);
  });

  it('refuses a scene longer than the video model accepts', async () => {
    const writer = new LlmSceneWriter(config, { maxSceneSeconds: 2 });
    await expect(writer.writeScenes({ script, reelTime: 20 })).rejects.toMatchObject({ name: 'SceneValidationError' });
  });
});

describe('OpenAI-compatible avatar prompt writer', () => {
  it('suggests a description from the scenes and voice', async () => {
    const prompt = await new LlmAvatarPromptWriter(config).suggest({
      scenes: [{ title: 'Hot coffee', text: 'Meet the bottle.' }],
      projectTitle: 'Bottle',
      script,
      voice: { gender: 'female', age: 'middle_aged' },
    });
    expect(prompt).toMatch(/woman/);
    const body = fake.requests[0]!.json as { messages: { role: string; content: string }[]; response_format: { json_schema: { name: string } } };
    expect(body.response_format.json_schema.name).toBe('avatar_prompt');
    expect(body.messages.find((m) => m.role === 'user')!.content).toContain('Voice: female, middle aged');
  });
});

describe('OpenAI prices keyed by the configured model id', () => {
  // The fake answers usage { prompt_tokens: 120, completion_tokens: 80 }.
  it("records a non-default model at its own list price, not gpt-4o-mini's", async () => {
    const costs: ProviderCost[] = [];
    await new LlmSceneWriter({ ...config, model: 'gpt-4.1-mini', prices: { ...OPENAI_DEFAULT_PRICES } }).writeScenes({ script, reelTime: 20, onCost: (c) => void costs.push(c) });
    expect(costs).toEqual([{ provider: 'openai', model: 'gpt-4.1-mini', unit: 'tokens', quantity: 200, amountUsd: 0.000176, priceSource: 'default' }]);
  });

  it('records an override (OPENAI_PRICES) with its source', async () => {
    const costs: ProviderCost[] = [];
    const prices = { ...OPENAI_DEFAULT_PRICES, 'gpt-4.1-mini': { inputUsdPerMillionTokens: 1, outputUsdPerMillionTokens: 2, source: 'env:OPENAI_PRICES' as const } };
    await new LlmAvatarPromptWriter({ ...config, model: 'gpt-4.1-mini', prices }).suggest({ projectTitle: 'Glow', script, scenes: [{ title: 'Hook', text: 'Dull skin?' }], onCost: (c) => void costs.push(c) });
    expect(costs).toEqual([{ provider: 'openai', model: 'gpt-4.1-mini', unit: 'tokens', quantity: 200, amountUsd: 0.00028, priceSource: 'env:OPENAI_PRICES' }]);
  });

  it('refuses a model without a price before any call', () => {
    const unpriced = { ...config, model: 'gpt-unpriced', prices: { ...OPENAI_DEFAULT_PRICES } };
    expect(() => new LlmSceneWriter(unpriced)).toThrow(/No price is known for the OpenAI model 'gpt-unpriced'.*OPENAI_PRICES=/);
    expect(() => new LlmAvatarPromptWriter(unpriced)).toThrow(/OPENAI_PRICES/);
    expect(fake.requests).toHaveLength(0);
  });
});
