import { z } from 'zod';
import type { GenerationKind } from '@reelsmith/db';
import { aspectSchema, CAPTION_POSITIONS, CAPTION_STYLES, generateAvatarInputSchema, generateVoiceoverInputSchema, qualities } from '@reelsmith/shared';

/**
 * What each kind of generation job is started with and reads back when it runs: one schema per kind,
 * checked when the job is queued (a bad payload never reaches the queue) and again by the step (a row
 * written by an older release, or edited by hand, fails clearly instead of deep inside a render).
 */
export const jobInputSchemas = {
  voiceover: generateVoiceoverInputSchema,
  avatars: generateAvatarInputSchema,
  avatar_product: z
    .object({
      productKey: z.string().min(1).max(400),
      interactionPrompt: z.string().max(2000),
      aspect: aspectSchema,
    })
    .strict(),
  videos: z.object({ quality: z.enum(qualities), watermark: z.boolean() }).strict(),
  final: z
    .object({
      sceneOrder: z.array(z.string().min(1).max(64)).max(50).optional(),
      transition: z.enum(['none', 'fade', 'crossfade']),
      // Jobs queued before captions existed have none.
      captions: z.boolean().default(false),
      captionStyle: z.enum(CAPTION_STYLES).default('clean'),
      captionPosition: z.enum(CAPTION_POSITIONS).default('bottom'),
    })
    .strict(),
} satisfies Record<GenerationKind, z.ZodType>;

export type JobInputs = { [K in GenerationKind]: z.input<(typeof jobInputSchemas)[K]> };
export type JobInput<K extends GenerationKind> = z.output<(typeof jobInputSchemas)[K]>;

/** A job's stored input, checked against its kind's schema. */
export function parseJobInput<K extends GenerationKind>(kind: K, raw: unknown): JobInput<K> {
  return jobInputSchemas[kind].parse(raw) as JobInput<K>;
}
