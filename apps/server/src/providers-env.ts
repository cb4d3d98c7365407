// The AI-provider part of the environment (parsed in config.ts with the rest; this file never reads
// process.env): which provider serves each capability, keys, base URLs, models, limits and prices.
import { z } from 'zod';
import {
  classifyHost,
  DEFAULT_CALL_POLICY,
  FAL_DEFAULT_JWKS_URL,
  DEFAULT_DOWNLOAD_LIMITS,
  ELEVENLABS_DEFAULT_PRICES,
  FAL_DEFAULT_PRICES,
  FAL_DEFAULT_STORAGE_URL,
  FAL_DEFAULT_VIDEO_MODEL,
  OPENAI_DEFAULT_PRICES,
  parseAllowedHost,
  REPLICATE_DEFAULTS,
  type CallPolicy,
  type OpenAiPrice,
  type PriceTable,
  type ProvidersConfig,
} from '@reelsmith/media';

const optional = z.string().optional().transform((v) => v || undefined);
const url = (fallback: string) => z.url().optional().or(z.literal('')).transform((v) => v || fallback);
const seconds = (fallback: number) => z.coerce.number().int().min(1).max(3600).default(fallback);
const usdAmount = z.number().min(0).max(1000);
/** A one-price shorthand for the configured model (kept from before *_PRICES); unset unless given. */
const usdOptional = z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().min(0).max(1000).optional());
/** Comma-separated host or host:port entries; each must parse as the URL parser reads a host. */
const hostList = z
  .string()
  .optional()
  .transform((v) => (v ?? '').split(',').map((entry) => entry.trim()).filter(Boolean))
  .refine(
    (entries) =>
      entries.every((entry) => {
        try {
          parseAllowedHost(entry);
          return true;
        } catch {
          return false;
        }
      }),
    { error: 'OUTBOUND_ALLOW_HOSTS takes host or host:port entries separated by commas' },
  );

/** <PROVIDER>_PRICES: JSON of model id → that provider's price shape, over the built-in list prices. */
function priceJson<T extends z.ZodType<Record<string, unknown>>>(variable: string, modelId: z.ZodString, price: T, example: string) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v?.trim()) return {};
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `${variable} must be JSON, e.g. ${example}` });
        return z.NEVER;
      }
    })
    .pipe(z.record(modelId, price, { error: `${variable} must map model ids to prices, e.g. ${example}` }));
}

const replicatePrices = priceJson(
  'REPLICATE_PRICES',
  z.string().regex(/^[\w.-]+\/[\w.-]+$/),
  z.object({ unit: z.enum(['images', 'seconds']), usd: usdAmount }).strict(),
  '{"bytedance/omni-human-1.5":{"unit":"seconds","usd":0.16}}',
);
const openAiPrices = priceJson(
  'OPENAI_PRICES',
  z.string().min(1).max(200),
  z.object({ inputUsdPerMillionTokens: usdAmount, outputUsdPerMillionTokens: usdAmount }).strict(),
  '{"gpt-4.1-mini":{"inputUsdPerMillionTokens":0.4,"outputUsdPerMillionTokens":1.6}}',
);
const elevenLabsPrices = priceJson('ELEVENLABS_PRICES', z.string().min(1).max(200), z.object({ usdPer1kCharacters: usdAmount }).strict(), '{"eleven_flash_v2_5":{"usdPer1kCharacters":0.05}}');
const falPrices = priceJson('FAL_PRICES', z.string().regex(/^[\w.-]+(\/[\w.-]+)+$/), z.object({ usdPerSecond: usdAmount }).strict(), '{"fal-ai/bytedance/omnihuman/v1.5":{"usdPerSecond":0.16}}');

/**
 * The built-in list prices, then the operator's JSON, then a one-price shorthand for the configured
 * model; each entry keeps its source (stored with every cost row). Naming the same model in the JSON
 * and the shorthand is refused: which one the operator meant is not ours to guess.
 */
function priceTable<P extends object>(defaults: PriceTable<P>, json: Record<string, P>, jsonVariable: string, shorthand?: { model: string; price: P; variables: string[] }): PriceTable<P> {
  const table: PriceTable<P> = { ...defaults };
  for (const [model, price] of Object.entries(json)) table[model] = { ...price, source: `env:${jsonVariable}` };
  if (shorthand) {
    if (Object.hasOwn(json, shorthand.model)) throw new ProvidersConfigError(`${shorthand.variables.join(' and ')} and ${jsonVariable} both price '${shorthand.model}': keep one.`);
    table[shorthand.model] = { ...shorthand.price, source: `env:${shorthand.variables[0]!}` };
  }
  return table;
}

export const providersEnvSchema = z.object({
  LLM_PROVIDER: z.enum(['', 'local', 'openai']).optional().transform((v) => v || undefined),
  TTS_PROVIDER: z.enum(['', 'local', 'elevenlabs']).optional().transform((v) => v || undefined),
  IMAGE_PROVIDER: z.enum(['', 'local', 'replicate']).optional().transform((v) => v || undefined),
  VIDEO_PROVIDER: z.enum(['', 'local', 'replicate', 'fal']).optional().transform((v) => v || undefined),
  OPENAI_API_KEY: optional,
  OPENAI_BASE_URL: url('https://api.openai.com/v1'),
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  OPENAI_PRICES: openAiPrices,
  OPENAI_INPUT_USD_PER_MILLION_TOKENS: usdOptional,
  OPENAI_OUTPUT_USD_PER_MILLION_TOKENS: usdOptional,
  ELEVENLABS_API_KEY: optional,
  ELEVENLABS_BASE_URL: url('https://api.elevenlabs.io'),
  ELEVENLABS_MODEL_ID: z.string().default('eleven_multilingual_v2'),
  ELEVENLABS_OUTPUT_FORMAT: z.string().regex(/^(mp3|pcm|opus)_\d+(_\d+)?$/).default('mp3_44100_128'),
  ELEVENLABS_PRICES: elevenLabsPrices,
  ELEVENLABS_USD_PER_1K_CHARACTERS: usdOptional,
  REPLICATE_API_TOKEN: optional,
  REPLICATE_BASE_URL: url('https://api.replicate.com'),
  REPLICATE_IMAGEN_MODEL: z.string().default(REPLICATE_DEFAULTS.models['google-imagen-4-ultra']),
  REPLICATE_KONTEXT_MODEL: z.string().default(REPLICATE_DEFAULTS.models['flux-kontext']),
  REPLICATE_PRODUCT_MODEL: z.string().default(REPLICATE_DEFAULTS.models.product),
  REPLICATE_VIDEO_MODEL: z.string().default(REPLICATE_DEFAULTS.models.video),
  REPLICATE_POLL_INTERVAL_MS: z.coerce.number().int().min(5).max(60_000).default(2000),
  REPLICATE_PRICES: replicatePrices,
  FAL_KEY: optional,
  FAL_BASE_URL: url('https://queue.fal.run'),
  FAL_STORAGE_URL: url(FAL_DEFAULT_STORAGE_URL),
  FAL_VIDEO_MODEL: z.string().default(FAL_DEFAULT_VIDEO_MODEL),
  FAL_PRICES: falPrices,
  FAL_USD_PER_SECOND: usdOptional,
  FAL_POLL_INTERVAL_MS: z.coerce.number().int().min(5).max(60_000).default(2000),
  PROVIDER_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(DEFAULT_CALL_POLICY.maxRetries),
  LLM_TIMEOUT_SECONDS: seconds(60),
  TTS_TIMEOUT_SECONDS: seconds(90),
  IMAGE_TIMEOUT_SECONDS: seconds(180),
  VIDEO_TIMEOUT_SECONDS: seconds(360),
  /** Hosts whose provider output URLs may resolve to loopback/private addresses (local fakes only). */
  OUTBOUND_ALLOW_HOSTS: hostList,
  /** on: Replicate and fal call PUBLIC_URL back when a video is ready (it must be reachable from the internet); polling stays as the fallback. */
  PROVIDER_WEBHOOKS: z.enum(['', 'on', 'off']).optional().transform((v) => v === 'on'),
  /** The fallback poll while a callback is expected. */
  PROVIDER_WEBHOOK_POLL_SECONDS: z.coerce.number().min(0.05).max(600).default(30),
  /** fal's public keys for its webhook signatures. */
  FAL_JWKS_URL: url(FAL_DEFAULT_JWKS_URL),
});

export type ProvidersEnv = z.infer<typeof providersEnvSchema>;

export class ProvidersConfigError extends Error {}

/** OPENAI_INPUT_… and OPENAI_OUTPUT_USD_PER_MILLION_TOKENS price OPENAI_MODEL; they go together. */
function openAiShorthand(e: ProvidersEnv): { model: string; price: OpenAiPrice; variables: string[] } | undefined {
  const input = e.OPENAI_INPUT_USD_PER_MILLION_TOKENS;
  const output = e.OPENAI_OUTPUT_USD_PER_MILLION_TOKENS;
  if (input === undefined && output === undefined) return undefined;
  if (input === undefined || output === undefined) {
    throw new ProvidersConfigError('OPENAI_INPUT_USD_PER_MILLION_TOKENS and OPENAI_OUTPUT_USD_PER_MILLION_TOKENS go together (or use OPENAI_PRICES).');
  }
  return { model: e.OPENAI_MODEL, price: { inputUsdPerMillionTokens: input, outputUsdPerMillionTokens: output }, variables: ['OPENAI_INPUT_USD_PER_MILLION_TOKENS', 'OPENAI_OUTPUT_USD_PER_MILLION_TOKENS'] };
}

/** Host names that never reach us from the internet (the IP literals are classified by the outbound guard). */
const localNames = /^(localhost|[^.]+)$|\.(localhost|local|internal|intranet|lan|home|corp|private|home\.arpa|test|invalid)$/i;

/** Why the providers could not call this PUBLIC_URL back, or undefined when they can. */
export function unreachablePublicUrl(publicUrl: string | undefined): string | undefined {
  if (!publicUrl) return 'PUBLIC_URL is not set';
  const host = new URL(publicUrl).hostname;
  const verdict = classifyHost(host);
  if (verdict === 'name') return localNames.test(host) ? `${host} is a local name` : undefined;
  return verdict === null ? undefined : `${host} is a ${verdict} address`;
}

/** The providers' configuration, or why it cannot start (a chosen provider without its key, etc.). */
export function providersFromEnv(e: ProvidersEnv, isProduction: boolean, publicUrl?: string): ProvidersConfig {
  const chosen = { llm: e.LLM_PROVIDER, tts: e.TTS_PROVIDER, image: e.IMAGE_PROVIDER, video: e.VIDEO_PROVIDER };
  if (isProduction) {
    const unset = Object.entries({ LLM_PROVIDER: chosen.llm, TTS_PROVIDER: chosen.tts, IMAGE_PROVIDER: chosen.image, VIDEO_PROVIDER: chosen.video }).filter(([, v]) => !v);
    if (unset.length) {
      throw new ProvidersConfigError(`Production needs ${unset.map(([k]) => k).join(', ')}: name the AI provider of each capability (or 'local' to keep the offline engine on purpose).`);
    }
  }
  const policy = (timeoutSeconds: number): CallPolicy => ({ ...DEFAULT_CALL_POLICY, maxRetries: e.PROVIDER_MAX_RETRIES, timeoutMs: timeoutSeconds * 1000 });
  const requireKey = (used: boolean, key: string | undefined, name: string, what: string) => {
    if (used && !key) throw new ProvidersConfigError(`${what} needs ${name}.`);
  };
  const config: ProvidersConfig = {
    llm: chosen.llm ?? 'local',
    tts: chosen.tts ?? 'local',
    image: chosen.image ?? 'local',
    video: chosen.video ?? 'local',
    downloads: { ...DEFAULT_DOWNLOAD_LIMITS, outbound: { ...DEFAULT_DOWNLOAD_LIMITS.outbound, allowHosts: e.OUTBOUND_ALLOW_HOSTS } },
  };
  requireKey(config.llm === 'openai', e.OPENAI_API_KEY, 'OPENAI_API_KEY', 'LLM_PROVIDER=openai');
  requireKey(config.tts === 'elevenlabs', e.ELEVENLABS_API_KEY, 'ELEVENLABS_API_KEY', 'TTS_PROVIDER=elevenlabs');
  requireKey(config.image === 'replicate' || config.video === 'replicate', e.REPLICATE_API_TOKEN, 'REPLICATE_API_TOKEN', 'IMAGE_PROVIDER or VIDEO_PROVIDER=replicate');
  requireKey(config.video === 'fal', e.FAL_KEY, 'FAL_KEY', 'VIDEO_PROVIDER=fal');
  // Callbacks only where the providers can reach us: never a loopback, private or local PUBLIC_URL.
  const unreachable = e.PROVIDER_WEBHOOKS ? unreachablePublicUrl(publicUrl) : undefined;
  if (unreachable) throw new ProvidersConfigError(`PROVIDER_WEBHOOKS=on needs a PUBLIC_URL that Replicate and fal can reach from the internet (${unreachable}); leave it off to poll.`);
  const webhookAt = (provider: 'replicate' | 'fal') =>
    e.PROVIDER_WEBHOOKS && publicUrl ? { url: `${publicUrl.replace(/\/$/, '')}/api/providers/${provider}/webhook`, pollIntervalMs: Math.round(e.PROVIDER_WEBHOOK_POLL_SECONDS * 1000) } : undefined;
  if (e.OPENAI_API_KEY) {
    config.openai = {
      apiKey: e.OPENAI_API_KEY,
      baseUrl: e.OPENAI_BASE_URL,
      policy: policy(e.LLM_TIMEOUT_SECONDS),
      model: e.OPENAI_MODEL,
      prices: priceTable<OpenAiPrice>(OPENAI_DEFAULT_PRICES, e.OPENAI_PRICES, 'OPENAI_PRICES', openAiShorthand(e)),
    };
  }
  if (e.ELEVENLABS_API_KEY) {
    config.elevenlabs = {
      apiKey: e.ELEVENLABS_API_KEY,
      baseUrl: e.ELEVENLABS_BASE_URL,
      policy: policy(e.TTS_TIMEOUT_SECONDS),
      modelId: e.ELEVENLABS_MODEL_ID,
      outputFormat: e.ELEVENLABS_OUTPUT_FORMAT,
      prices: priceTable(
        ELEVENLABS_DEFAULT_PRICES,
        e.ELEVENLABS_PRICES,
        'ELEVENLABS_PRICES',
        e.ELEVENLABS_USD_PER_1K_CHARACTERS === undefined ? undefined : { model: e.ELEVENLABS_MODEL_ID, price: { usdPer1kCharacters: e.ELEVENLABS_USD_PER_1K_CHARACTERS }, variables: ['ELEVENLABS_USD_PER_1K_CHARACTERS'] },
      ),
    };
  }
  if (e.REPLICATE_API_TOKEN) {
    config.replicate = {
      apiKey: e.REPLICATE_API_TOKEN,
      baseUrl: e.REPLICATE_BASE_URL,
      policy: policy(e.IMAGE_TIMEOUT_SECONDS),
      videoPolicy: policy(e.VIDEO_TIMEOUT_SECONDS),
      models: { 'google-imagen-4-ultra': e.REPLICATE_IMAGEN_MODEL, 'flux-kontext': e.REPLICATE_KONTEXT_MODEL, product: e.REPLICATE_PRODUCT_MODEL, video: e.REPLICATE_VIDEO_MODEL },
      prices: priceTable(REPLICATE_DEFAULTS.prices, e.REPLICATE_PRICES, 'REPLICATE_PRICES'),
      pollIntervalMs: e.REPLICATE_POLL_INTERVAL_MS,
      preferWaitSeconds: 60,
      webhook: webhookAt('replicate'),
    };
  }
  if (e.FAL_KEY) {
    const falShorthand = e.FAL_USD_PER_SECOND === undefined ? undefined : { model: e.FAL_VIDEO_MODEL, price: { usdPerSecond: e.FAL_USD_PER_SECOND }, variables: ['FAL_USD_PER_SECOND'] };
    config.fal = {
      apiKey: e.FAL_KEY,
      baseUrl: e.FAL_BASE_URL,
      storageUrl: e.FAL_STORAGE_URL,
      policy: policy(e.VIDEO_TIMEOUT_SECONDS),
      videoModel: e.FAL_VIDEO_MODEL,
      prices: priceTable(FAL_DEFAULT_PRICES, e.FAL_PRICES, 'FAL_PRICES', falShorthand),
      pollIntervalMs: e.FAL_POLL_INTERVAL_MS,
      webhook: (() => {
        const at = webhookAt('fal');
        return at ? { ...at, jwksUrl: e.FAL_JWKS_URL } : undefined;
      })(),
    };
  }
  return config;
}
