import { createProject, deleteProject, getProject, listProjects, patchProject, updateProject } from '@reelsmith/core';
import {
  createProjectInputSchema,
  patchProjectInputSchema,
  projectIdInputSchema,
  projectSchema,
  updateProjectInputSchema,
} from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc.ts';

export const projectsRouter = router({
  /** REST: GET /api/projects */
  list: protectedProcedure
    .meta({ summary: "The customer's projects, most recently changed first", rest: { method: 'GET', path: '/api/projects', access: 'customer' } })
    .output(z.array(projectSchema))
    .query(({ ctx }) => listProjects(ctx.deps, ctx.user.id)),
  /** REST: GET /api/projects/{id} */
  get: protectedProcedure
    .meta({ summary: 'One of the customer’s projects', rest: { method: 'GET', path: '/api/projects/{id}', access: 'customer', inputFrom: 'path' } })
    .input(projectIdInputSchema)
    .output(projectSchema)
    .query(({ ctx, input }) => getProject(ctx.deps, ctx.user.id, input.id)),
  /** REST: POST /api/projects */
  create: protectedProcedure
    .meta({ summary: 'Start a project (checks the plan, quota and daily cap)', rest: { method: 'POST', path: '/api/projects', access: 'customer', inputFrom: 'body', successStatus: 201 } })
    .input(createProjectInputSchema)
    .output(projectSchema)
    .mutation(({ ctx, input }) => createProject(ctx.deps, ctx.user.id, input)),
  /** REST: PUT /api/projects/{id} */
  update: protectedProcedure
    .meta({ summary: 'Save scenes, reel time and step; or the avatar-product choice', rest: { method: 'PUT', path: '/api/projects/{id}', access: 'customer', inputFrom: 'body' } })
    .input(updateProjectInputSchema)
    .output(projectSchema)
    .mutation(({ ctx, input }) => updateProject(ctx.deps, ctx.user.id, input)),
  /** REST: PATCH /api/projects/{id} */
  patch: protectedProcedure
    .meta({ summary: 'Save the selected avatar, the aspect ratio or the uploaded avatars', rest: { method: 'PATCH', path: '/api/projects/{id}', access: 'customer', inputFrom: 'body' } })
    .input(patchProjectInputSchema)
    .output(projectSchema)
    .mutation(({ ctx, input }) => patchProject(ctx.deps, ctx.user.id, input)),
  /** REST: DELETE /api/projects/{id} */
  delete: protectedProcedure
    .meta({ summary: 'Delete a project with its share, jobs and media', rest: { method: 'DELETE', path: '/api/projects/{id}', access: 'customer', inputFrom: 'path' } })
    .input(projectIdInputSchema)
    .output(z.object({ id: z.string(), deleted: z.literal(true) }))
    .mutation(({ ctx, input }) => deleteProject(ctx.deps, ctx.user.id, input.id, ctx.deps.cleanupProject)),
});
