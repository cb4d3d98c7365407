import { z } from 'zod';
import { generationJobSchema } from '../job-schema.ts';

/** What starting a step answers: its job, at once (follow it on generation.progress or GET /api/jobs/{id}). */
export const jobStarted = z.object({ job: generationJobSchema });
