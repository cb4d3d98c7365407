import type { Selectable } from 'kysely';
import type { Executor, PlansTable } from '@reelsmith/db';
import { AppError, type Plan, type Quality } from '@reelsmith/shared';

export const planColumns = [
  'id', 'code', 'name', 'description', 'billing_interval', 'price_cents', 'currency', 'features', 'allow_download',
  'video_limit', 'max_reel_seconds', 'allowed_qualities', 'watermark', 'stripe_price_id', 'is_active',
] as const;

export type PlanRow = Pick<Selectable<PlansTable>, (typeof planColumns)[number]>;

export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    price: row.price_cents / 100,
    currency: row.currency.toUpperCase(),
    billingInterval: row.billing_interval,
    features: row.features,
    allowDownload: row.allow_download,
    videoLimit: row.video_limit,
    maxReelSeconds: row.max_reel_seconds,
    allowedQualities: row.allowed_qualities.filter((q): q is Quality => q === 'standard' || q === 'high'),
    watermark: row.watermark,
  };
}

/** Active plans for the pricing page: the Free plan and those billed at the given interval. */
export async function listPlans(db: Executor, type?: 'monthly' | 'yearly'): Promise<Plan[]> {
  let query = db.selectFrom('plans').select(planColumns).where('is_active', '=', true);
  if (type) query = query.where('billing_interval', 'in', ['free', 'one_time', type]);
  const rows = await query.orderBy('sort_order').orderBy('price_cents').execute();
  return rows.map(toPlan);
}

export async function findPlanRow(db: Executor, id: string): Promise<PlanRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  return db.selectFrom('plans').select(planColumns).where('id', '=', id).executeTakeFirst();
}

export async function getPlan(db: Executor, id: string): Promise<Plan> {
  const row = await findPlanRow(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Plan not found');
  return toPlan(row);
}

export async function findFreePlan(db: Executor): Promise<PlanRow> {
  const row = await db.selectFrom('plans').select(planColumns).where('code', '=', 'free').executeTakeFirst();
  if (!row) throw new Error('the Free plan is missing: run the seed');
  return row;
}
