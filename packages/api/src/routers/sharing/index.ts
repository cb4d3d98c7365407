import { router } from '../../trpc.ts';
import { createProcedure } from './create.ts';
import { getProcedure } from './get.ts';
import { viewProcedure } from './view.ts';

/** Share links: made by the customer, read and counted in public; one procedure per file. */
export const sharingRouter = router({
  create: createProcedure,
  get: getProcedure,
  view: viewProcedure,
});
