import { captionPlaces } from '@reelsmith/core';
import { CAPTION_POSITIONS, CAPTION_STYLES, projectIdInputSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure } from '../../trpc.ts';

const share = z.number().min(0).max(1);
const place = z.object({ left: share, right: share, top: share, bottom: share });
const byPosition = z.object(Object.fromEntries(CAPTION_POSITIONS.map((p) => [p, place])) as Record<(typeof CAPTION_POSITIONS)[number], typeof place>);

/** Where each caption look lands at each place over the project's scenes (Step 6's preview), kept clear of the face and the product as the merge keeps them. */
export const captionPlacesProcedure = protectedProcedure
  .meta({ summary: 'Where the captions go over the scenes, for each look and place' })
  .input(projectIdInputSchema)
  .output(z.object(Object.fromEntries(CAPTION_STYLES.map((s) => [s, byPosition])) as Record<(typeof CAPTION_STYLES)[number], typeof byPosition>))
  .query(({ ctx, input }) => captionPlaces(ctx.deps, ctx.user.id, input.id));
