import {
  findOwnedProject,
  generateScenes,
  latestJobs,
  listVoices,
  prepareFinal,
  prepareVideos,
  regenerateScene,
  runGeneration,
  suggestAvatarPrompt,
  watchProjectJobs,
} from '@reelsmith/core';
import {
  avatarPromptInputSchema,
  createFinalVideoInputSchema,
  generateAvatarInputSchema,
  generateScenesInputSchema,
  generateVideosInputSchema,
  generateVoiceoverInputSchema,
  projectIdInputSchema,
  projectSchema,
  regenerateSceneInputSchema,
  sceneSchema,
  voiceFilterSchema,
  voiceSchema,
} from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure, publicProcedure, router } from '../../trpc.ts';
import { generationJobSchema } from './job-schema.ts';
import { mediaProcedures } from './media-procedures.ts';

const jobResult = z.object({ job: generationJobSchema, project: projectSchema });
/** The job's result with one more field, typed as its schema (not as any schema). */
const withField = <K extends string, V extends z.ZodType>(key: K, value: V) => jobResult.extend({ [key]: value } as { [P in K]: V });

export const generationRouter = router({
  /** REST: POST /api/projects/{id}/generate-scenes */
  generateScenes: protectedProcedure
    .meta({ summary: 'Split the script into scenes for the reel time and save them', rest: { method: 'POST', path: '/api/projects/{id}/generate-scenes', access: 'customer', inputFrom: 'body' } })
    .input(generateScenesInputSchema)
    .output(z.object({ id: z.string(), scenes: z.array(sceneSchema), project: projectSchema }))
    .mutation(({ ctx, input }) => generateScenes(ctx.deps, ctx.user.id, input)),
  /** REST: POST /api/projects/{id}/regenerate-scene */
  regenerateScene: protectedProcedure
    .meta({ summary: 'Rewrite one scene or all of them', rest: { method: 'POST', path: '/api/projects/{id}/regenerate-scene', access: 'customer', inputFrom: 'body' } })
    .input(regenerateSceneInputSchema)
    .output(z.object({ scenes: z.array(sceneSchema), message: z.string(), project: projectSchema }))
    .mutation(({ ctx, input }) => regenerateScene(ctx.deps, ctx.user.id, input)),
  /** REST: GET /api/voices?language&gender&age */
  voices: publicProcedure
    .meta({ summary: 'The voice catalogue, filtered', rest: { method: 'GET', path: '/api/voices', access: 'public', inputFrom: 'query', cacheControl: 'public, max-age=300' } })
    .input(voiceFilterSchema.optional())
    .output(z.array(voiceSchema))
    .query(({ ctx, input }) => listVoices(ctx.deps, input ?? {})),
  /** REST: POST /api/ai/generate-avatar-prompts */
  avatarPrompt: protectedProcedure
    .meta({ summary: 'Suggest an avatar description from the scenes, title and voice', rest: { method: 'POST', path: '/api/ai/generate-avatar-prompts', access: 'customer', inputFrom: 'body' } })
    .input(avatarPromptInputSchema)
    .output(z.object({ combinedPrompt: z.string() }))
    .mutation(({ ctx, input }) => suggestAvatarPrompt(ctx.deps, input)),
  /** REST: POST /api/projects/{id}/generate-voiceover */
  generateVoiceover: protectedProcedure
    .meta({ summary: 'Voice every scene (a durable job; answers when it is done)', rest: { method: 'POST', path: '/api/projects/{id}/generate-voiceover', access: 'customer', inputFrom: 'body' } })
    .input(generateVoiceoverInputSchema)
    .output(withField('voiceover', z.record(z.string(), z.string())))
    .mutation(async ({ ctx, input }) => {
      const done = await runGeneration(ctx.deps, ctx.user.id, input.id, 'voiceover', { ...input });
      return { ...done, voiceover: done.project.assets.voiceover ?? {} };
    }),
  /** REST: POST /api/projects/{id}/generate-avatar */
  generateAvatar: protectedProcedure
    .meta({ summary: 'Four avatar variations for the description (a durable job)', rest: { method: 'POST', path: '/api/projects/{id}/generate-avatar', access: 'customer', inputFrom: 'body' } })
    .input(generateAvatarInputSchema)
    .output(withField('variations', z.array(z.string())))
    .mutation(async ({ ctx, input }) => {
      const done = await runGeneration(ctx.deps, ctx.user.id, input.id, 'avatars', { ...input });
      return { ...done, variations: done.project.assets.avatar?.variations ?? [] };
    }),
  /** REST: POST /api/projects/{id}/generate-omni-videos */
  generateVideos: protectedProcedure
    .meta({ summary: 'A talking video per scene (a durable job)', rest: { method: 'POST', path: '/api/projects/{id}/generate-omni-videos', access: 'customer', inputFrom: 'body' } })
    .input(generateVideosInputSchema)
    .output(withField('videos', z.record(z.string(), z.string())))
    .mutation(async ({ ctx, input }) => {
      const checked = await prepareVideos(ctx.deps, ctx.user.id, input.id, input.quality);
      const done = await runGeneration(ctx.deps, ctx.user.id, input.id, 'videos', checked);
      return { ...done, videos: done.project.assets.video_generated ?? {} };
    }),
  /** REST: POST /api/projects/{id}/create-final-video */
  createFinalVideo: protectedProcedure
    .meta({ summary: 'Join the scene videos with a transition into the final MP4 (a durable job)', rest: { method: 'POST', path: '/api/projects/{id}/create-final-video', access: 'customer', inputFrom: 'body' } })
    .input(createFinalVideoInputSchema)
    .output(withField('assets', projectSchema.shape.assets))
    .mutation(async ({ ctx, input }) => {
      const sceneOrder = await prepareFinal(ctx.deps, ctx.user.id, input.id, input.sceneOrder);
      const done = await runGeneration(ctx.deps, ctx.user.id, input.id, 'final', { sceneOrder, transition: input.transition });
      return { ...done, assets: done.project.assets };
    }),
  /** The project's recent jobs (stage, percent, errors). */
  jobs: protectedProcedure
    .meta({ summary: "The project's recent generation jobs" })
    .input(projectIdInputSchema)
    .output(z.array(generationJobSchema))
    .query(async ({ ctx, input }) => {
      await findOwnedProject(ctx.deps.db, ctx.user.id, input.id);
      return latestJobs(ctx.deps.db, input.id);
    }),
  /** Live progress of the project's jobs, pushed over server-sent events (a missing or foreign project: NOT_FOUND). */
  progress: protectedProcedure.input(projectIdInputSchema).subscription(({ ctx, input, signal }) => watchProjectJobs(ctx.deps, ctx.user.id, input.id, signal)),
  ...mediaProcedures,
});
