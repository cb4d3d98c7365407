import type { Insertable, Selectable } from 'kysely';
import type { BillingInterval, PlansTable } from '../schema.ts';
import type { Executor } from './users.ts';

/** A plan as the catalogue defines it (the seed's row). */
export type CataloguePlanRow = Pick<
  Insertable<PlansTable>,
  'code' | 'name' | 'description' | 'billing_interval' | 'price_cents' | 'features' | 'allow_download' | 'video_limit' | 'max_reel_seconds' | 'allowed_qualities' | 'watermark' | 'sort_order' | 'stripe_price_id'
>;

/**
 * Inserts or refreshes plans by code, all in one statement. An existing plan's Stripe price id is kept
 * (it is set from the Stripe dashboard's prices, not by the catalogue).
 */
export async function upsertPlansByCode(db: Executor, rows: CataloguePlanRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('plans')
    .values(rows)
    .onConflict((oc) =>
      oc.column('code').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        description: eb.ref('excluded.description'),
        billing_interval: eb.ref('excluded.billing_interval'),
        price_cents: eb.ref('excluded.price_cents'),
        features: eb.ref('excluded.features'),
        allow_download: eb.ref('excluded.allow_download'),
        video_limit: eb.ref('excluded.video_limit'),
        max_reel_seconds: eb.ref('excluded.max_reel_seconds'),
        allowed_qualities: eb.ref('excluded.allowed_qualities'),
        watermark: eb.ref('excluded.watermark'),
        sort_order: eb.ref('excluded.sort_order'),
      })),
    )
    .execute();
}

const planColumns = [
  'id', 'code', 'name', 'description', 'billing_interval', 'price_cents', 'currency', 'features', 'allow_download',
  'video_limit', 'max_reel_seconds', 'allowed_qualities', 'watermark', 'stripe_price_id', 'is_active',
] as const;

export type PlanRow = Pick<Selectable<PlansTable>, (typeof planColumns)[number]>;

/** Active plans, optionally only those of these billing intervals; in catalogue order, then cheapest first. */
export function listActivePlanRows(db: Executor, intervals?: BillingInterval[]): Promise<PlanRow[]> {
  let query = db.selectFrom('plans').select(planColumns).where('is_active', '=', true);
  if (intervals) query = query.where('billing_interval', 'in', intervals);
  return query.orderBy('sort_order').orderBy('price_cents').execute();
}

export function findPlanRowById(db: Executor, id: string): Promise<PlanRow | undefined> {
  return db.selectFrom('plans').select(planColumns).where('id', '=', id).executeTakeFirst();
}

export function findPlanRowByCode(db: Executor, code: string): Promise<PlanRow | undefined> {
  return db.selectFrom('plans').select(planColumns).where('code', '=', code).executeTakeFirst();
}

/** The active monthly and yearly plans, in catalogue order (the back-office plan table). */
export function listActiveRecurringPlans(db: Executor) {
  return db
    .selectFrom('plans')
    .select(['id', 'name', 'price_cents', 'billing_interval'])
    .where('is_active', '=', true)
    .where('billing_interval', 'in', ['monthly', 'yearly'])
    .orderBy('sort_order')
    .orderBy('billing_interval')
    .orderBy('price_cents')
    .execute();
}

/** The plan whose own Stripe price id this is. */
export async function findPlanIdByStripePrice(db: Executor, priceId: string): Promise<string | undefined> {
  return (await db.selectFrom('plans').select('id').where('stripe_price_id', '=', priceId).executeTakeFirst())?.id;
}

export async function setPlanStripePrice(db: Executor, id: string, priceId: string): Promise<void> {
  await db.updateTable('plans').set({ stripe_price_id: priceId }).where('id', '=', id).execute();
}

/** Stores the plan's Stripe price id unless it has one. */
export async function setPlanStripePriceIfUnset(db: Executor, id: string, priceId: string): Promise<void> {
  await db.updateTable('plans').set({ stripe_price_id: priceId }).where('id', '=', id).where('stripe_price_id', 'is', null).execute();
}
