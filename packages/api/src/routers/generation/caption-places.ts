import { captionPlaces } from '@reelsmith/core';
import { captionPlacesSchema, projectIdInputSchema } from '@reelsmith/shared';
import { protectedProcedure } from '../../trpc.ts';

/** Where each caption look lands at each place over the project's scenes (Step 6's preview), kept clear of the face and the product as the merge keeps them. */
export const captionPlacesProcedure = protectedProcedure
  .meta({ summary: 'Where the captions go over the scenes, for each look and place' })
  .input(projectIdInputSchema)
  .output(captionPlacesSchema)
  .query(({ ctx, input }) => captionPlaces(ctx.deps, ctx.user.id, input.id));
