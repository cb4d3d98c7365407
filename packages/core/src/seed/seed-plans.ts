import { upsertPlansByCode } from '@reelsmith/db';
import type { CoreDeps } from '../deps.ts';
import { planCatalogue } from '../billing/plan-catalogue.ts';

/** Inserts or refreshes the catalogue's plans by code; Stripe price ids and extra plans are kept. */
export async function seedPlans(deps: CoreDeps): Promise<number> {
  const rows = planCatalogue.map((plan) => ({
    code: plan.code,
    name: plan.name,
    description: plan.description,
    billing_interval: plan.billingInterval,
    price_cents: plan.priceCents,
    features: JSON.stringify(plan.features),
    allow_download: plan.allowDownload,
    video_limit: plan.videoLimit,
    max_reel_seconds: plan.maxReelSeconds,
    allowed_qualities: plan.allowedQualities,
    watermark: plan.watermark,
    sort_order: plan.sortOrder,
    stripe_price_id: null,
  }));
  await upsertPlansByCode(deps.db, rows);
  return planCatalogue.length;
}
