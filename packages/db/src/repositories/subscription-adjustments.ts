import type { Insertable } from 'kysely';
import type { SubscriptionAdjustmentsTable } from '../schema.ts';
import type { Executor } from './users.ts';

export async function insertSubscriptionAdjustment(db: Executor, values: Insertable<SubscriptionAdjustmentsTable>): Promise<string> {
  return (await db.insertInto('subscription_adjustments').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** The adjustments made to any of the customer's subscriptions, newest first (at most `limit`), with the admin who made each. */
export function listUserAdjustmentRows(db: Executor, userId: string, limit: number) {
  return db
    .selectFrom('subscription_adjustments as a')
    .innerJoin('subscriptions as s', 's.id', 'a.subscription_id')
    .leftJoin('admins as ad', 'ad.id', 'a.created_by_admin_id')
    .select(['a.id', 'a.type', 'a.reason', 'a.payload', 'a.created_at', 'ad.email as admin_email'])
    .where('s.user_id', '=', userId)
    .orderBy('a.created_at', 'desc')
    .limit(limit)
    .execute();
}
