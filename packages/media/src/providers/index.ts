// Real AI providers behind the engine interfaces, chosen per capability by configuration.
export * from './provider-config.ts';
export { costOf, MissingPriceError, reportCost, type CostSink, type CostUnit, type ProviderCost } from './cost.ts';
export { lookupPrice, type PriceSource, type PriceTable, type Priced } from './prices.ts';
export { classifyProviderFailure, isOutOfCredit, isProviderError, kindForStatus, ProviderError, retryAfterMs, toProviderError, type Capability, type ProviderErrorKind } from './provider-error.ts';
export { INSUFFICIENT_CREDITS_MESSAGE, LLM_MESSAGES, providerErrorMessage } from './provider-messages.ts';
export { callProvider, withDeadline } from './call-provider.ts';
export { backoffMs, createOnce, withRetry } from './retry.ts';
export { downloadImage, downloadVideo, readLimited } from './download.ts';
export { audioLimitFor, VIDEO_MODEL_AUDIO_LIMITS } from './video-limits.ts';
export { LlmSceneWriter, type LlmSceneWriterOptions } from './openai/llm-scene-writer.ts';
export { LlmAvatarPromptWriter } from './openai/llm-avatar-prompt-writer.ts';
export { ElevenLabsSpeechSynthesiser, alignmentFileFor } from './elevenlabs/elevenlabs-synthesiser.ts';
export { ElevenLabsVoiceCatalogue, toVoice as voiceFromElevenLabs, type ListedVoice } from './elevenlabs/elevenlabs-voices.ts';
export { ReplicateAvatarImager } from './replicate/replicate-avatar-imager.ts';
export { ReplicateProductCompositor } from './replicate/replicate-product-compositor.ts';
export { ReplicateVideoRenderer } from './replicate/replicate-video-renderer.ts';
export { FalVideoRenderer } from './fal/fal-video-renderer.ts';
export { createProviderEngine, summariseProviders, type ProviderSummary } from './create-provider-engine.ts';
