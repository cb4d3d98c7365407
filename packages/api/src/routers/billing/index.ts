import { router } from '../../trpc.ts';
import { checkoutRouter } from './checkout/index.ts';
import { plansRouter } from './plans/index.ts';
import { subscriptionRouter } from './subscription/index.ts';
import { transactionsRouter } from './transactions.ts';

export const billingRouter = router({
  plans: plansRouter,
  subscription: subscriptionRouter,
  checkout: checkoutRouter,
  transactions: transactionsRouter,
});
