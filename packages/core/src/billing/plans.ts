import { findPlanRowByCode, findPlanRowById, listActivePlanRows, type Executor, type PlanRow } from '@reelsmith/db';
import { answeredBillingInterval, answeredPrices, AppError, type Plan, type Quality } from '@reelsmith/shared';

export type { PlanRow };

export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    ...answeredPrices(row.price_cents, row.billing_interval),
    currency: row.currency.toUpperCase(),
    billingInterval: answeredBillingInterval(row.billing_interval),
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
  const rows = await listActivePlanRows(db, type ? ['free', 'one_time', type] : undefined);
  return rows.map(toPlan);
}

export async function findPlanRow(db: Executor, id: string): Promise<PlanRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  return findPlanRowById(db, id);
}

export async function getPlan(db: Executor, id: string): Promise<Plan> {
  const row = await findPlanRow(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Plan not found');
  return toPlan(row);
}

export async function findFreePlan(db: Executor): Promise<PlanRow> {
  const row = await findPlanRowByCode(db, 'free');
  if (!row) throw new Error('the Free plan is missing: run the seed');
  return row;
}
