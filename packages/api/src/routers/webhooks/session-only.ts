import { AppError, webhookMessages } from '@reelsmith/shared';
import { protectedProcedure } from '../../trpc.ts';

/**
 * A customer signed in with a browser session, not an API key: a leaked key must not be able to
 * point its owner's events at another address or remove their endpoints (docs/decisions.md, "Webhooks").
 */
export const webhookSessionProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.apiKeyId !== null) throw new AppError('FORBIDDEN', webhookMessages.browserOnly);
  return next();
});
