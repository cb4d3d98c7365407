import { listAdminSubscriptionRows, type SubscriptionStatus } from '@reelsmith/db';
import { ADMIN_SUBSCRIPTIONS_PAGE_SIZE, pageInfo, pageOffset, type SubscriptionList, type subscriptionListInputSchema } from '@reelsmith/shared';
import type { z } from 'zod';
import type { CoreDeps } from '../../deps.ts';
import { containsPattern } from '../search-pattern.ts';
import { toAdminSubscription } from './admin-subscription-rows.ts';

type ListInput = z.output<typeof subscriptionListInputSchema>;

const storedStatus: Record<NonNullable<ListInput['status']>, SubscriptionStatus> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  cancelled: 'cancelled',
};

/** Paid subscriptions, newest first, searched by the customer's e-mail or name and filtered by status and plan. */
export async function listAdminSubscriptions(deps: CoreDeps, input: ListInput): Promise<SubscriptionList> {
  const now = deps.clock.now();
  const limit = input.limit ?? input.pageSize ?? ADMIN_SUBSCRIPTIONS_PAGE_SIZE;
  const status = input.status ? storedStatus[input.status] : undefined;
  const { rows, total } = await listAdminSubscriptionRows(
    deps.db,
    {
      pattern: input.search ? containsPattern(input.search) : undefined,
      status,
      // 'active' means in force now: a period that ended without renewal reads as expired.
      inForceAt: status === 'active' || status === 'trialing' ? now : undefined,
      planId: input.planId,
    },
    { limit, offset: pageOffset(input.page, limit) },
  );
  return { data: rows.map((r) => toAdminSubscription(r, now)), ...pageInfo(input.page, limit, total) };
}
