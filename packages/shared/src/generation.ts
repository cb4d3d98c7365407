import { z } from 'zod';
import { CAPTION_POSITIONS, CAPTION_STYLES, IMAGE_UPLOAD_MAX_BYTES, SCRIPT_MAX_CHARS, VOICE_PREVIEW_CHARS, VOICE_SPEED } from './constants.ts';
import { aspectSchema, reelTimeSchema } from './projects.ts';

const projectId = z.string().max(64);
const speed = z
  .number({ error: 'Invalid Speed Setting: use 0.7x to 1.2x.' })
  .min(VOICE_SPEED.min, { error: 'Invalid Speed Setting: use 0.7x to 1.2x.' })
  .max(VOICE_SPEED.max, { error: 'Invalid Speed Setting: use 0.7x to 1.2x.' });
// A data URL of at most 10 MB of image (base64 grows it by a third).
const dataUrl = z.string().max(Math.ceil((IMAGE_UPLOAD_MAX_BYTES * 4) / 3) + 200, { error: 'Please upload an image smaller than 10MB' });

export const generateScenesInputSchema = z
  .object({
    id: projectId,
    script: z.string().max(SCRIPT_MAX_CHARS, { error: `Script too long: keep it under ${SCRIPT_MAX_CHARS} characters.` }),
    sceneCount: z.number().int().min(1).max(10).optional(),
    sceneDuration: z.number().min(1).max(60).optional(),
    reelTime: reelTimeSchema,
  })
  .strict();

export const regenerateSceneInputSchema = z
  .object({
    id: projectId,
    sceneIndex: z.number().int().min(0).max(9).nullable().optional(),
    regenerateAll: z.boolean().default(false),
    reelTime: reelTimeSchema,
    script: z.string().max(SCRIPT_MAX_CHARS, { error: `Script too long: keep it under ${SCRIPT_MAX_CHARS} characters.` }),
  })
  .strict();

export const voiceFilterSchema = z
  .object({
    language: z.string().max(32).optional(),
    gender: z.enum(['female', 'male', 'non-binary', '']).optional(),
    age: z.enum(['young', 'middle_aged', 'senior', '']).optional(),
  })
  .strict();

export const voiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  gender: z.enum(['female', 'male', 'non-binary']),
  age: z.enum(['young', 'middle_aged', 'senior']),
  situation: z.enum(['conversational', 'professional', 'energetic', 'calm', 'warm']),
  language: z.enum(['en', 'multilingual']),
  accent: z.string(),
  description: z.string(),
  emoji: z.string(),
  audioUrl: z.string().url().optional(),
});
export type VoiceInfo = z.infer<typeof voiceSchema>;

export const voicePreviewInputSchema = z
  .object({
    voiceId: z.string().min(1).max(64),
    text: z.string().trim().min(1, { error: 'Write a script first to preview a voice.' }).max(2000),
    duration: z.number().optional(),
    speed: speed.default(VOICE_SPEED.default),
    language: z.string().max(32).optional(),
  })
  .strict()
  .transform((v) => ({ ...v, text: v.text.slice(0, VOICE_PREVIEW_CHARS) }));

export const generateVoiceoverInputSchema = z
  .object({
    id: projectId,
    voiceId: z.string().min(1, { error: 'Select a voice first.' }).max(64),
    language: z.string().max(32).optional(),
    gender: z.string().max(32).optional(),
    age: z.string().max(32).optional(),
    voiceDetails: z.record(z.string().max(32), z.string().max(300)).optional(),
    sceneSpeedSettings: z.record(z.string().max(64), speed).default({}),
    speed: speed.optional(),
    duration: z.number().optional(),
    oneVoiceForAll: z.boolean().default(true),
    changedScenesOnly: z.boolean().default(false),
  })
  .strict();

export const avatarPromptInputSchema = z
  .object({
    scenes: z.array(z.object({ title: z.string().max(200), text: z.string().max(600) }).passthrough()).min(1, { error: 'Generate scenes first: the suggestion is built from them.' }).max(10),
    projectTitle: z.string().max(200).default(''),
    projectScript: z.string().max(SCRIPT_MAX_CHARS).default(''),
    voiceData: z.object({ gender: z.string().max(32).optional(), age: z.string().max(32).optional() }).passthrough().optional(),
  })
  .strict();

export const avatarModels = ['google-imagen-4-ultra', 'flux-kontext'] as const;

export const generateAvatarInputSchema = z
  .object({
    id: projectId,
    combinedPrompt: z.string().trim().min(1, { error: 'Describe the avatar first.' }).max(2000),
    model: z.enum(avatarModels).default('google-imagen-4-ultra'),
    aspectRatio: aspectSchema.default('9:16'),
  })
  .strict();

export const uploadAvatarInputSchema = z
  .object({
    id: projectId,
    image: dataUrl,
    filename: z.string().max(255).default('upload'),
    aspectRatio: aspectSchema.optional(),
  })
  .strict();

export const generateAvatarProductInputSchema = z
  .object({
    id: projectId,
    productImage: dataUrl.min(1, { error: 'Please upload a product image first' }),
    interactionPrompt: z.string().trim().min(1, { error: 'Please describe the interaction between avatar and product' }).max(1000),
    aspectRatio: aspectSchema.optional(),
  })
  .strict();

export const generateVideosInputSchema = z
  .object({
    id: projectId,
    quality: z.enum(['standard', 'high']).default('standard'),
    model: z.literal('omni-human').default('omni-human'),
  })
  .strict();

export const createFinalVideoInputSchema = z
  .object({
    id: projectId,
    sceneOrder: z.array(z.string().max(64)).max(10).optional(),
    transition: z.enum(['none', 'fade', 'crossfade']).default('none'),
    /** Burn captions timed from the speech into the video (subtitle files are made either way). */
    captions: z.boolean().default(false),
    captionStyle: z.enum(CAPTION_STYLES).default('clean'),
    captionPosition: z.enum(CAPTION_POSITIONS).default('bottom'),
  })
  .strict();

export const generationMessages = {
  noScenes: 'Generate scenes first.',
  noVoiceover: 'Audio required: generate the voiceover first.',
  noAvatar: 'Please select an avatar in Step 3 before generating videos',
  noAvatarForProduct: 'No avatar selected from step 3',
  noVideos: 'No videos available. Please complete Step 5 first.',
  hdLocked: 'HD Quality Locked: High-quality video generation is only available for paid subscribers.',
  unknownVoice: 'That voice is not available. Choose another voice.',
  jobNotFound: "Job Not Found: This job doesn't exist or you don't have access to it.",
} as const;

const share = z.number().min(0).max(1);
/** Where the merge puts a caption block over the scenes, as shares of the frame (kept clear of the face and the product). */
export const captionPlaceSchema = z.object({ left: share, right: share, top: share, bottom: share });
export type CaptionPlace = z.infer<typeof captionPlaceSchema>;
const placesByPosition = z.object({ bottom: captionPlaceSchema, middle: captionPlaceSchema, top: captionPlaceSchema }) satisfies z.ZodType<Record<(typeof CAPTION_POSITIONS)[number], CaptionPlace>>;
/** Each caption look's block at each place (Step 6's preview). */
export const captionPlacesSchema = z.object({ clean: placesByPosition, highlight: placesByPosition }) satisfies z.ZodType<Record<(typeof CAPTION_STYLES)[number], unknown>>;
export type CaptionPlaces = z.infer<typeof captionPlacesSchema>;
