import { router } from '../../trpc.ts';
import { checkoutRouter } from './checkout.ts';
import { plansRouter } from './plans.ts';
import { subscriptionRouter } from './subscription.ts';
import { transactionsRouter } from './transactions.ts';

export const billingRouter = router({
  plans: plansRouter,
  subscription: subscriptionRouter,
  checkout: checkoutRouter,
  transactions: transactionsRouter,
});
