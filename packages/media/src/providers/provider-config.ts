// What the server's configuration hands the provider adapters: which provider serves each capability,
// and per provider its key, base URL, models, time limits and prices. Built by apps/server/src/config.ts.
import { DEFAULT_OUTBOUND_POLICY, type OutboundPolicy } from '../net/outbound-guard.ts';
import type { PriceTable } from './prices.ts';

/** Set only when PROVIDER_WEBHOOKS is on and PUBLIC_URL is reachable from the internet. */
export interface ProviderWebhookConfig {
  /** Our public callback URL for this provider. */
  url: string;
  /** The fallback poll while a callback is expected (a lost callback still completes). */
  pollIntervalMs: number;
}

export type LlmProviderName = 'local' | 'openai';
export type TtsProviderName = 'local' | 'elevenlabs';
export type ImageProviderName = 'local' | 'replicate';
export type VideoProviderName = 'local' | 'replicate' | 'fal';

/** How every call to a provider is bounded: one deadline for the whole call, retries inside it. */
export interface CallPolicy {
  /** The whole call (all attempts, and polling for asynchronous models) must finish within this. */
  timeoutMs: number;
  /** Further attempts after a 429 or 5xx (0 = none). */
  maxRetries: number;
  /** First backoff delay; doubles per attempt, capped at maxDelayMs, unless Retry-After says otherwise. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface ProviderEndpoint {
  apiKey: string;
  /** Overridable for self-hosted gateways and for the loopback fakes in tests. */
  baseUrl: string;
  policy: CallPolicy;
}

/** USD per million tokens, prompt and completion. */
export interface OpenAiPrice {
  inputUsdPerMillionTokens: number;
  outputUsdPerMillionTokens: number;
}

export interface OpenAiConfig extends ProviderEndpoint {
  model: string;
  /** By model id (OPENAI_DEFAULT_PRICES, over which OPENAI_PRICES); the configured model must be here. */
  prices: PriceTable<OpenAiPrice>;
}

export interface ElevenLabsConfig extends ProviderEndpoint {
  modelId: string;
  /** codec_samplerate_bitrate, e.g. mp3_44100_128. */
  outputFormat: string;
  /** By model id (ELEVENLABS_DEFAULT_PRICES, over which ELEVENLABS_PRICES); the configured model must be here. */
  prices: PriceTable<{ usdPer1kCharacters: number }>;
}

export interface ReplicateConfig extends ProviderEndpoint {
  models: {
    'google-imagen-4-ultra': string;
    'flux-kontext': string;
    product: string;
    video: string;
  };
  /** USD per image or per second of video, by model id (REPLICATE_DEFAULTS.prices, over which REPLICATE_PRICES). */
  prices: PriceTable<{ unit: 'images' | 'seconds'; usd: number }>;
  pollIntervalMs: number;
  /** Talking videos take minutes: their calls get their own deadline (else `policy`). */
  videoPolicy?: CallPolicy | undefined;
  /** Seconds Replicate may hold the create request open (Prefer: wait), 1–60. */
  preferWaitSeconds: number;
  /** Talking videos ask Replicate to call us back when finished (PROVIDER_WEBHOOKS=on); else they poll. */
  webhook?: ProviderWebhookConfig | undefined;
}

export interface FalConfig extends ProviderEndpoint {
  /** fal's storage (CDN) API: inputs are uploaded there and sent by URL, as fal documents. */
  storageUrl: string;
  videoModel: string;
  /** USD per second of video, by model id (FAL_DEFAULT_PRICES, over which FAL_PRICES); the configured model must be here. */
  prices: PriceTable<{ usdPerSecond: number }>;
  pollIntervalMs: number;
  /** Ask fal to call us back when a request finishes (PROVIDER_WEBHOOKS=on), verified with fal's public keys from jwksUrl. */
  webhook?: (ProviderWebhookConfig & { jwksUrl: string }) | undefined;
}

export interface DownloadLimits {
  maxImageBytes: number;
  maxImagePixels: number;
  maxVideoBytes: number;
  /** Where output URLs may point: public addresses only, save the hosts listed (OUTBOUND_ALLOW_HOSTS). */
  outbound: OutboundPolicy;
}

export interface ProvidersConfig {
  llm: LlmProviderName;
  tts: TtsProviderName;
  image: ImageProviderName;
  video: VideoProviderName;
  openai?: OpenAiConfig | undefined;
  elevenlabs?: ElevenLabsConfig | undefined;
  replicate?: ReplicateConfig | undefined;
  fal?: FalConfig | undefined;
  downloads: DownloadLimits;
}

export const DEFAULT_CALL_POLICY: CallPolicy = { timeoutMs: 60_000, maxRetries: 3, baseDelayMs: 1000, maxDelayMs: 20_000 };

export const DEFAULT_DOWNLOAD_LIMITS: DownloadLimits = {
  maxImageBytes: 20 * 1024 * 1024,
  maxImagePixels: 40_000_000,
  maxVideoBytes: 200 * 1024 * 1024,
  outbound: DEFAULT_OUTBOUND_POLICY,
};

/** Public model identifiers and list prices (USD) at the time of writing; see docs/providers.md. */
export const REPLICATE_DEFAULTS = {
  models: {
    'google-imagen-4-ultra': 'google/imagen-4-ultra',
    'flux-kontext': 'black-forest-labs/flux-kontext-pro',
    product: 'flux-kontext-apps/multi-image-kontext-pro',
    video: 'bytedance/omni-human',
  },
  prices: {
    'google/imagen-4-ultra': { unit: 'images', usd: 0.06, source: 'default' },
    'black-forest-labs/flux-kontext-pro': { unit: 'images', usd: 0.04, source: 'default' },
    'flux-kontext-apps/multi-image-kontext-pro': { unit: 'images', usd: 0.04, source: 'default' },
    'bytedance/omni-human': { unit: 'seconds', usd: 0.14, source: 'default' },
  },
} as const satisfies Pick<ReplicateConfig, 'models' | 'prices'>;

/** OpenAI's standard list prices per million tokens (input, output) at the time of writing. */
export const OPENAI_DEFAULT_PRICES = {
  'gpt-4o-mini': { inputUsdPerMillionTokens: 0.15, outputUsdPerMillionTokens: 0.6, source: 'default' },
  'gpt-4o': { inputUsdPerMillionTokens: 2.5, outputUsdPerMillionTokens: 10, source: 'default' },
  'gpt-4.1': { inputUsdPerMillionTokens: 2, outputUsdPerMillionTokens: 8, source: 'default' },
  'gpt-4.1-mini': { inputUsdPerMillionTokens: 0.4, outputUsdPerMillionTokens: 1.6, source: 'default' },
  'gpt-4.1-nano': { inputUsdPerMillionTokens: 0.1, outputUsdPerMillionTokens: 0.4, source: 'default' },
} as const satisfies OpenAiConfig['prices'];

/** ElevenLabs' API rates per 1,000 characters (Multilingual v2/v3; Flash/Turbo half); plan overage rates differ. */
export const ELEVENLABS_DEFAULT_PRICES = {
  eleven_multilingual_v2: { usdPer1kCharacters: 0.1, source: 'default' },
  eleven_v3: { usdPer1kCharacters: 0.1, source: 'default' },
  eleven_turbo_v2_5: { usdPer1kCharacters: 0.05, source: 'default' },
  eleven_flash_v2_5: { usdPer1kCharacters: 0.05, source: 'default' },
} as const satisfies ElevenLabsConfig['prices'];

export const FAL_DEFAULT_VIDEO_MODEL = 'fal-ai/bytedance/omnihuman';

/** fal's listed OmniHuman prices per second of video. */
export const FAL_DEFAULT_PRICES = {
  [FAL_DEFAULT_VIDEO_MODEL]: { usdPerSecond: 0.14, source: 'default' },
  'fal-ai/bytedance/omnihuman/v1.5': { usdPerSecond: 0.16, source: 'default' },
} as const satisfies FalConfig['prices'];
export const FAL_DEFAULT_STORAGE_URL = 'https://rest.alpha.fal.ai';
