import { router } from '../../../trpc.ts';
import { cancelProcedure } from './cancel.ts';
import { currentProcedure } from './current.ts';

/** The customer's subscription; one procedure per file. */
export const subscriptionRouter = router({
  cancel: cancelProcedure,
  current: currentProcedure,
});
