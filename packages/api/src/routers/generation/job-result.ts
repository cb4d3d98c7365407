import { projectSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { generationJobSchema } from './job-schema.ts';

/** What a generation step answers: its job and the project as the job left it. */
export const jobResult = z.object({ job: generationJobSchema, project: projectSchema });
/** The job's result with one more field, typed as its schema (not as any schema). */
export const withField = <K extends string, V extends z.ZodType>(key: K, value: V) => jobResult.extend({ [key]: value } as { [P in K]: V });

