import { router } from '../../../trpc.ts';
import { confirmProcedure } from './confirm.ts';
import { createProcedure } from './create.ts';

/** Card checkout for a paid plan; one procedure per file. */
export const checkoutRouter = router({
  confirm: confirmProcedure,
  create: createProcedure,
});
