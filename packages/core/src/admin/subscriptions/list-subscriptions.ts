import type { SubscriptionStatus } from '@reelsmith/db';
import type { SubscriptionList, subscriptionListInputSchema } from '@reelsmith/shared';
import type { z } from 'zod';
import type { CoreDeps } from '../../deps.ts';
import { containsPattern } from '../search-pattern.ts';
import { adminSubscriptionQuery, toAdminSubscription } from './admin-subscription-rows.ts';

type ListInput = z.output<typeof subscriptionListInputSchema>;

const storedStatus: Record<NonNullable<ListInput['status']>, SubscriptionStatus> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  canceled: 'cancelled',
};

/** Paid subscriptions, newest first, searched by the customer's e-mail or name and filtered by status and plan. */
export async function listAdminSubscriptions(deps: CoreDeps, input: ListInput): Promise<SubscriptionList> {
  const now = deps.clock.now();
  let query = adminSubscriptionQuery(deps.db).where('p.billing_interval', '!=', 'free');
  if (input.search) {
    const like = containsPattern(input.search);
    query = query.where((eb) =>
      eb.or([
        eb('u.email', 'ilike', like),
        eb('u.first_name', 'ilike', like),
        eb('u.last_name', 'ilike', like),
        eb(eb.fn('concat_ws', [eb.val(' '), 'u.first_name', 'u.last_name']), 'ilike', like),
      ]),
    );
  }
  if (input.status) {
    const status = storedStatus[input.status];
    // 'active' means in force now: a period that ended without renewal reads as expired.
    query = query.where('s.status', '=', status);
    if (status === 'active' || status === 'trialing') query = query.where((eb) => eb.or([eb('s.end_date', 'is', null), eb('s.end_date', '>', now)]));
  }
  if (input.planId) query = query.where('p.id', '=', input.planId);
  const [rows, count] = await Promise.all([
    query
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    query.clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return { data: rows.map((r) => toAdminSubscription(r, now)), total, totalPages: Math.ceil(total / input.pageSize) };
}
