// The engine the server runs: per capability the configured provider, else the local engine's part.
// Merging always stays local (ffmpeg), as does the voice catalogue when speech is local.
import type { MediaEngine } from '../engines.ts';
import { createLocalEngine, LOCAL_ENGINE_VERSION } from '../local-engine.ts';
import { ElevenLabsSpeechSynthesiser } from './elevenlabs/elevenlabs-synthesiser.ts';
import { ElevenLabsVoiceCatalogue } from './elevenlabs/elevenlabs-voices.ts';
import { FalVideoRenderer } from './fal/fal-video-renderer.ts';
import { LlmAvatarPromptWriter } from './openai/llm-avatar-prompt-writer.ts';
import { LlmSceneWriter } from './openai/llm-scene-writer.ts';
import type { ProviderCallbackWaiter } from './provider-callbacks.ts';
import type { ProvidersConfig, ReplicateConfig } from './provider-config.ts';
import { ReplicateAvatarImager } from './replicate/replicate-avatar-imager.ts';
import { ReplicateProductCompositor } from './replicate/replicate-product-compositor.ts';
import { ReplicateVideoRenderer } from './replicate/replicate-video-renderer.ts';
import { audioLimitFor } from './video-limits.ts';

function need<T>(value: T | undefined, what: string): T {
  if (!value) throw new Error(`Provider configuration missing: ${what}`);
  return value;
}

/** Which provider (and model) serves each capability: what the back-office shows, never keys. */
export interface ProviderSummary {
  llm: { provider: string; model: string | null };
  tts: { provider: string; model: string | null };
  image: { provider: string; models: string[] };
  video: { provider: string; model: string | null; maxAudioSeconds: number | null };
}

function videoReplicate(config: ReplicateConfig): ReplicateConfig {
  return config.videoPolicy ? { ...config, policy: config.videoPolicy } : config;
}

/** `callbacks`: where verified provider webhooks are announced; without it every prediction is polled. */
export function createProviderEngine(config: ProvidersConfig, runtime: { callbacks?: ProviderCallbackWaiter | undefined } = {}): MediaEngine {
  const local = createLocalEngine();
  if (config.llm === 'local' && config.tts === 'local' && config.image === 'local' && config.video === 'local') return local;
  const talkingVideo =
    config.video === 'replicate'
      ? new ReplicateVideoRenderer(videoReplicate(need(config.replicate, 'REPLICATE_API_TOKEN')), config.downloads, runtime.callbacks)
      : config.video === 'fal'
        ? new FalVideoRenderer(need(config.fal, 'FAL_KEY'), config.downloads, runtime.callbacks)
        : local.talkingVideo;
  const openai = config.llm === 'openai' ? need(config.openai, 'OPENAI_API_KEY') : undefined;
  const elevenlabs = config.tts === 'elevenlabs' ? need(config.elevenlabs, 'ELEVENLABS_API_KEY') : undefined;
  const replicate = config.image === 'replicate' ? need(config.replicate, 'REPLICATE_API_TOKEN') : undefined;
  return {
    // The name feeds the stored outputs' content keys: another provider never reuses an old output.
    name: `providers:${config.llm}/${config.tts}/${config.image}/${config.video}`,
    version: LOCAL_ENGINE_VERSION,
    scenes: openai ? new LlmSceneWriter(openai, { maxSceneSeconds: talkingVideo.maxAudioSeconds }) : local.scenes,
    avatarPrompts: openai ? new LlmAvatarPromptWriter(openai) : local.avatarPrompts,
    voices: elevenlabs ? new ElevenLabsVoiceCatalogue(elevenlabs) : local.voices,
    speech: elevenlabs ? new ElevenLabsSpeechSynthesiser(elevenlabs) : local.speech,
    avatars: replicate ? new ReplicateAvatarImager(replicate, config.downloads) : local.avatars,
    products: replicate ? new ReplicateProductCompositor(replicate, config.downloads) : local.products,
    talkingVideo,
    merger: local.merger,
  };
}

export function summariseProviders(config: ProvidersConfig): ProviderSummary {
  const videoModel = config.video === 'replicate' ? (config.replicate?.models.video ?? null) : config.video === 'fal' ? (config.fal?.videoModel ?? null) : null;
  return {
    llm: { provider: config.llm, model: config.llm === 'openai' ? (config.openai?.model ?? null) : null },
    tts: { provider: config.tts, model: config.tts === 'elevenlabs' ? (config.elevenlabs?.modelId ?? null) : null },
    image: {
      provider: config.image,
      models: config.image === 'replicate' && config.replicate ? [config.replicate.models['google-imagen-4-ultra'], config.replicate.models['flux-kontext'], config.replicate.models.product] : [],
    },
    video: { provider: config.video, model: videoModel, maxAudioSeconds: videoModel ? audioLimitFor(videoModel) : null },
  };
}
