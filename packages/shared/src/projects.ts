import { z } from 'zod';
import { ASPECT_RATIOS, CAPTION_POSITIONS, CAPTION_STYLES, PROJECT_STATUSES, REEL_DURATIONS, SCENE_TEXT_MAX_CHARS, SCRIPT_MAX_CHARS, VOICE_SPEED } from './constants.ts';

export const PROJECT_TITLE_MAX = 120;
export const MAX_SCENES = 10;
export const MAX_UPLOADED_AVATARS = 12;

/** Our own stored media: relative /media/ paths only, so a project can never point elsewhere. */
export const mediaUrlSchema = z
  .string()
  .max(512)
  .regex(/^\/media\/[A-Za-z0-9][A-Za-z0-9/_.-]*$/, { error: 'Media must be a file stored by Reelsmith.' })
  .refine((v) => !v.includes('..'), { error: 'Media must be a file stored by Reelsmith.' });

export const projectTitleSchema = z
  .string()
  .trim()
  .min(1, { error: 'The title cannot be empty.' })
  .max(PROJECT_TITLE_MAX, { error: `The title can be at most ${PROJECT_TITLE_MAX} characters.` });

export const aspectSchema = z.enum(ASPECT_RATIOS, { error: 'The aspect ratio must be one of 9:16, 16:9, 1:1, 4:3 or 3:4.' });
export const reelTimeSchema = z
  .number()
  .int()
  .refine((v) => (REEL_DURATIONS as readonly number[]).includes(v), { error: 'The reel time must be one of 20, 25, 30, 35, 40, 45 or 55 seconds.' })
  // The OpenAPI document lists the accepted values (a refinement alone would read as any integer).
  .meta({ enum: [...REEL_DURATIONS] });
export const currentStepSchema = z.number().int().min(1, { error: 'The step must be between 1 and 6.' }).max(6, { error: 'The step must be between 1 and 6.' });

export const sceneSchema = z
  .object({
    sceneId: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/),
    title: z.string().trim().max(120),
    text: z.string().trim().min(1, { error: 'A scene needs some text.' }).max(SCENE_TEXT_MAX_CHARS, { error: `Scene text must be under ${SCENE_TEXT_MAX_CHARS} characters.` }),
    durationSeconds: z.number().min(1).max(60),
    wordCount: z.number().int().min(0).max(1000),
    actualDuration: z.number().min(0).max(120).nullable().optional(),
  })
  .strict();
export type Scene = z.infer<typeof sceneSchema>;

export const scenesSchema = z
  .array(sceneSchema)
  .max(MAX_SCENES, { error: `A project can have at most ${MAX_SCENES} scenes.` })
  .refine((scenes) => new Set(scenes.map((s) => s.sceneId)).size === scenes.length, { error: 'Scene ids must be unique.' });

const speedSchema = z.number().min(VOICE_SPEED.min).max(VOICE_SPEED.max);

/** Wizard choices (customer spec §3, params). */
export const projectParamsSchema = z
  .object({
    script: z.string().max(SCRIPT_MAX_CHARS).optional(),
    aspect: aspectSchema.optional(),
    voiceover: z
      .object({
        voiceId: z.string().max(64),
        language: z.string().max(32).optional(),
        gender: z.string().max(32).optional(),
        age: z.string().max(32).optional(),
        speed: speedSchema.optional(),
        sceneSpeedSettings: z.record(z.string().max(64), speedSchema).optional(),
        voiceDetails: z.record(z.string().max(32), z.string().max(300)).optional(),
      })
      .optional(),
    avatar: z.object({ combinedPrompt: z.string().max(2000).optional(), model: z.string().max(64).optional() }).optional(),
    avatar_product: z.object({ interactionPrompt: z.string().max(1000).optional() }).optional(),
    video: z.object({ quality: z.enum(['standard', 'high']).optional(), model: z.string().max(64).optional() }).optional(),
    final: z
      .object({
        transition: z.enum(['none', 'fade', 'crossfade']).optional(),
        captions: z.boolean().optional(),
        captionStyle: z.enum(CAPTION_STYLES).optional(),
        captionPosition: z.enum(CAPTION_POSITIONS).optional(),
      })
      .optional(),
  })
  .strip();
export type ProjectParams = z.infer<typeof projectParamsSchema>;

const selectionSchema = z.union([mediaUrlSchema, z.number().int().min(0).max(100)]).nullable();

export const finalVideoSchema = z.object({
  type: z.enum(['single', 'merged_single_file', 'playlist']),
  url: z.string().max(20_000),
  storageUrl: z.string().max(512).optional(),
  mergedAt: z.string().max(64).optional(),
  posterUrl: mediaUrlSchema.optional(),
  durationSeconds: z.number().optional(),
  /** Subtitle files timed from the speech, and the burned-in look (null: none burned in). */
  captions: z
    .object({
      style: z.enum(CAPTION_STYLES).nullable(),
      position: z.enum(CAPTION_POSITIONS),
      vttUrl: mediaUrlSchema,
      srtUrl: mediaUrlSchema,
    })
    .optional(),
});

/** Where each picture's face sits (a fraction of its height), for pictures whose engine knows; thumbnails centre on it. */
const faceMapSchema = z.record(z.string().max(512), z.number().min(0).max(1)).optional();

/** Generated media (customer spec §3, assets). */
export const projectAssetsSchema = z
  .object({
    voiceover: z.record(z.string().max(64), mediaUrlSchema).optional(),
    avatar: z
      .object({
        selected: selectionSchema.optional(),
        variations: z.array(mediaUrlSchema).max(16).optional(),
        uploaded: z.array(mediaUrlSchema).max(MAX_UPLOADED_AVATARS, { error: `At most ${MAX_UPLOADED_AVATARS} uploaded avatars.` }).optional(),
        faces: faceMapSchema,
      })
      .strip()
      .optional(),
    product: mediaUrlSchema.nullable().optional(),
    avatar_product: z
      .object({ selected: selectionSchema.optional(), variations: z.array(mediaUrlSchema).max(16).optional(), skipped: z.boolean().optional(), faces: faceMapSchema })
      .strip()
      .optional(),
    video_generated: z.record(z.string().max(64), mediaUrlSchema).optional(),
    video_synced: z.record(z.string().max(64), mediaUrlSchema).optional(),
    video_durations: z.record(z.string().max(64), z.number().min(0).max(600)).optional(),
    final: finalVideoSchema.nullable().optional(),
    video_final: finalVideoSchema.nullable().optional(),
  })
  .strip();
export type ProjectAssets = z.infer<typeof projectAssetsSchema>;

export const projectStatusSchema = z.enum(PROJECT_STATUSES);

export const projectSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: projectStatusSchema,
  aspect: aspectSchema,
  reelTime: z.number().int(),
  currentStep: z.number().int(),
  scenes: z.array(sceneSchema),
  params: projectParamsSchema,
  assets: projectAssetsSchema,
  lastError: z.string().nullable(),
  share: z.object({ shortId: z.string(), views: z.number().int() }).nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  /** Raised by every saved change; REST answers it as the ETag. Optional in the type only, so hand-built fixtures stay valid. */
  version: z.number().int().positive().optional(),
});
export type Project = z.infer<typeof projectSchema>;

export const createProjectInputSchema = z
  .object({
    title: projectTitleSchema.optional(),
    aspect: aspectSchema.optional(),
    reelTime: reelTimeSchema.optional(),
  })
  .strict();

const avatarProductUpdateSchema = z
  .object({ selected: selectionSchema.optional(), skipped: z.boolean().optional() })
  .strict();

/**
 * A conditional save: the project's version(s) the caller last read (REST fills it from If-Match, where
 * 0 stands for a tag that can never match); a project at another version is not changed (412).
 */
const expectedVersionSchema = z.union([z.number().int().min(0), z.array(z.number().int().min(0)).min(1).max(16)]);

/** PUT /api/projects/{id}: scenes, reel time and step; or the avatar-product choice. */
export const updateProjectInputSchema = z
  .object({
    id: z.string(),
    title: projectTitleSchema.optional(),
    scenes: scenesSchema.optional(),
    reelTime: reelTimeSchema.optional(),
    currentStep: currentStepSchema.optional(),
    params: projectParamsSchema.optional(),
    assets: z.object({ avatar_product: avatarProductUpdateSchema.optional() }).strict().optional(),
    expectedVersion: expectedVersionSchema.optional(),
  })
  .strict();

/** PATCH /api/projects/{id}: the selected avatar, the aspect, or the uploaded avatars list. */
export const patchProjectInputSchema = z
  .object({
    id: z.string(),
    title: projectTitleSchema.optional(),
    selectedAvatar: selectionSchema.optional(),
    aspect: aspectSchema.optional(),
    assets: z.object({ avatar: z.object({ uploaded: z.array(mediaUrlSchema).max(MAX_UPLOADED_AVATARS) }).strict().optional() }).strict().optional(),
    expectedVersion: expectedVersionSchema.optional(),
  })
  .strict();

export const projectIdInputSchema = z.object({ id: z.string() }).strict();

/** A project is finished when merged, or when its step is 5 (customer spec §4). */
export function isProjectFinished(project: { status: string; currentStep: number }): boolean {
  return project.status === 'Merged' || project.currentStep === 5;
}

/** Unknown or missing statuses read as Draft. */
export function normaliseStatus(status: string | null | undefined): (typeof PROJECT_STATUSES)[number] {
  return (PROJECT_STATUSES as readonly string[]).includes(status ?? '') ? (status as (typeof PROJECT_STATUSES)[number]) : 'Draft';
}

export const projectMessages = {
  notFound: "Project Not Found: This project doesn't exist or you don't have access to it.",
  reelTimeLocked: (max: number) => `Your plan allows reels of up to ${max} seconds. Upgrade to make longer videos.`,
  changedSince: 'This project has changed since you last read it (If-Match no longer matches its ETag). Read it again, then repeat your change.',
} as const;

// ——— Sharing ———

// Any string up to 64 characters; the service answers 404 for one that cannot be a share id.
export const shortIdSchema = z.string().max(64, { error: 'Share link not found' });

export const publicShareSchema = z.object({
  project: z.object({
    title: z.string(),
    aspect: aspectSchema,
    reelTime: z.number().int(),
    scenes: z.array(z.object({ title: z.string(), text: z.string() })),
    finalVideo: z
      .object({
        type: z.enum(['single', 'playlist']),
        url: z.string().nullable(),
        videos: z.array(z.string()),
        /** How long the video plays, in seconds; null when it was not recorded (the page then leaves the length out). */
        durationSeconds: z.number().nullable(),
        /** The WebVTT caption track of a single video, null when there is none. */
        captionsUrl: z.string().nullable(),
      })
      .nullable(),
    posterUrl: z.string().nullable(),
    createdAt: z.date(),
    /** Whether the owner's plan allows downloading the video; when false the page offers no download (docs/decisions.md). */
    allowDownload: z.boolean(),
  }),
  share: z.object({ shortId: z.string(), views: z.number().int(), createdAt: z.date() }),
});
export type PublicShare = z.infer<typeof publicShareSchema>;

export const shareMessages = {
  notFound: 'Share link not found',
  notFinished: 'Only finished projects can be shared. Complete the final video first.',
  disabled: 'Project sharing is currently turned off.',
} as const;
