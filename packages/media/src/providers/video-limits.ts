// The longest scene audio each video model accepts (seconds), from the providers' model pages (see
// docs/providers.md). The scene writer and the renderer both hold scenes under it.
export const VIDEO_MODEL_AUDIO_LIMITS: Readonly<Record<string, number>> = {
  // Replicate: "audio should be no longer than 15 seconds; after 15 seconds quality degrades".
  'bytedance/omni-human': 15,
  // Replicate's OmniHuman 1.5 refuses audio of 35 s or more.
  'bytedance/omni-human-1.5': 35,
  // fal's OmniHuman endpoint: audio under 30 seconds.
  'fal-ai/bytedance/omnihuman': 30,
  // fal's OmniHuman 1.5: 30 s at 1080p (its default), 60 s at 720p.
  'fal-ai/bytedance/omnihuman/v1.5': 30,
};

/** The limit for a model, or the strictest known one when the model is not listed. */
export function audioLimitFor(model: string): number {
  return VIDEO_MODEL_AUDIO_LIMITS[model] ?? Math.min(...Object.values(VIDEO_MODEL_AUDIO_LIMITS));
}
