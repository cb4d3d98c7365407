// What the server's configuration hands the provider adapters: which provider serves each capability,
// and per provider its key, base URL, models, time limits and prices. Built by apps/server/src/config.ts.
import { DEFAULT_OUTBOUND_POLICY, type OutboundPolicy } from '../net/outbound-guard.ts';

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

export interface OpenAiConfig extends ProviderEndpoint {
  model: string;
  /** USD per million tokens, for the cost records. */
  inputUsdPerMillionTokens: number;
  outputUsdPerMillionTokens: number;
}

export interface ElevenLabsConfig extends ProviderEndpoint {
  modelId: string;
  /** codec_samplerate_bitrate, e.g. mp3_44100_128. */
  outputFormat: string;
  usdPerThousandCharacters: number;
}

export interface ReplicateConfig extends ProviderEndpoint {
  models: {
    'google-imagen-4-ultra': string;
    'flux-kontext': string;
    product: string;
    video: string;
  };
  /** USD per image or per second of video, by model identifier. */
  prices: Record<string, { unit: 'images' | 'seconds'; usd: number }>;
  pollIntervalMs: number;
  /** Talking videos take minutes: their calls get their own deadline (else `policy`). */
  videoPolicy?: CallPolicy | undefined;
  /** Seconds Replicate may hold the create request open (Prefer: wait), 1–60. */
  preferWaitSeconds: number;
}

export interface FalConfig extends ProviderEndpoint {
  /** fal's storage (CDN) API: inputs are uploaded there and sent by URL, as fal documents. */
  storageUrl: string;
  videoModel: string;
  usdPerSecond: number;
  pollIntervalMs: number;
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
    'google/imagen-4-ultra': { unit: 'images', usd: 0.06 },
    'black-forest-labs/flux-kontext-pro': { unit: 'images', usd: 0.04 },
    'flux-kontext-apps/multi-image-kontext-pro': { unit: 'images', usd: 0.04 },
    'bytedance/omni-human': { unit: 'seconds', usd: 0.14 },
  },
} as const satisfies Pick<ReplicateConfig, 'models' | 'prices'>;

export const FAL_DEFAULT_VIDEO_MODEL = 'fal-ai/bytedance/omnihuman';
export const FAL_DEFAULT_STORAGE_URL = 'https://rest.alpha.fal.ai';
