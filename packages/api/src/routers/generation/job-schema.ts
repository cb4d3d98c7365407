import { z } from 'zod';
import { reasonCodes } from '@reelsmith/shared';

export const generationJobSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  kind: z.enum(['voiceover', 'avatars', 'avatar_product', 'videos', 'final']),
  status: z.enum(['queued', 'running', 'succeeded', 'failed', 'dead']),
  stage: z.string(),
  percent: z.number().int(),
  error: z.string().nullable(),
  /** Why it failed, as a stable code (null unless failed). */
  reason: z.enum(reasonCodes).nullable(),
  attempts: z.number().int(),
  createdAt: z.date(),
  startedAt: z.date().nullable(),
  finishedAt: z.date().nullable(),
});
