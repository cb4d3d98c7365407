import { listAdminSubscriptionRows, type SubscriptionStatus } from '@reelsmith/db';
import {
  ADMIN_SUBSCRIPTIONS_PAGE_SIZE,
  pageInfo,
  pageOffset,
  type AdminSubscription,
  type SubscriptionList,
  type subscriptionExportInputSchema,
  type subscriptionListInputSchema,
} from '@reelsmith/shared';
import type { z } from 'zod';
import type { CoreDeps } from '../../deps.ts';
import { containsPattern } from '../search-pattern.ts';
import { toAdminSubscription } from './admin-subscription-rows.ts';

type ListInput = z.output<typeof subscriptionListInputSchema>;
type FilterInput = z.output<typeof subscriptionExportInputSchema>;

const storedStatus: Record<NonNullable<FilterInput['status']>, SubscriptionStatus> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  cancelled: 'cancelled',
};

/** Paid subscriptions, newest first unless sorted, searched by the customer's e-mail or name and filtered by status and plan. */
export async function listAdminSubscriptions(deps: CoreDeps, input: ListInput): Promise<SubscriptionList> {
  const limit = input.limit ?? input.pageSize ?? ADMIN_SUBSCRIPTIONS_PAGE_SIZE;
  const { data, total } = await readSubscriptions(deps, input, { limit, offset: pageOffset(input.page, limit) });
  return { data, ...pageInfo(input.page, limit, total) };
}

/** Every subscription the filters match, in the list's order, up to `max` (for the CSV export). */
export async function listAllAdminSubscriptions(deps: CoreDeps, input: FilterInput, max: number): Promise<AdminSubscription[]> {
  return (await readSubscriptions(deps, input, { limit: max, offset: 0 })).data;
}

async function readSubscriptions(deps: CoreDeps, input: FilterInput, page: { limit: number; offset: number }) {
  const now = deps.clock.now();
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
    page,
    input.sort ? { column: input.sort, direction: input.dir ?? 'asc' } : undefined,
  );
  return { data: rows.map((r) => toAdminSubscription(r, now)), total };
}
