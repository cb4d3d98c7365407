import { router } from '../../../trpc.ts';
import { getProcedure } from './get.ts';
import { listProcedure } from './list.ts';

/** The plans of the pricing page; one procedure per file. */
export const plansRouter = router({
  get: getProcedure,
  list: listProcedure,
});
