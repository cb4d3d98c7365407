// Each paid provider call's cost, stored as it happens (a failed job still cost what it spent), with
// where its price came from; a recorded charge also shows the provider has credit again.
import { insertGenerationCost, listJobCostRows, type Executor, type GenerationKind } from '@reelsmith/db';
import type { Capability, PriceSource, ProviderCost } from '@reelsmith/media';
import type { CoreDeps } from '../deps.ts';
import { noteProviderCharged } from './provider-credit.ts';

/** Which capability a generation step uses (for the cost rows and the customer's message). */
export const capabilityOfStep: Readonly<Record<GenerationKind, Capability>> = {
  voiceover: 'tts',
  avatars: 'image',
  avatar_product: 'image',
  videos: 'video',
  final: 'video',
};

export interface CostTarget {
  jobId: string | null;
  projectId: string | null;
  userId: string | null;
}

export async function recordGenerationCost(deps: Pick<CoreDeps, 'db' | 'clock' | 'logger' | 'metrics'>, target: CostTarget, capability: Capability, cost: ProviderCost): Promise<void> {
  await insertGenerationCost(deps.db, {
    job_id: target.jobId,
    project_id: target.projectId,
    user_id: target.userId,
    capability,
    provider: cost.provider,
    model: cost.model,
    unit: cost.unit,
    quantity: cost.quantity,
    amount_usd: cost.amountUsd,
    price_source: cost.priceSource,
  });
  deps.metrics?.providerCharged({ provider: cost.provider, capability, amountUsd: cost.amountUsd });
  await noteProviderCharged(deps, cost.provider);
}

export interface JobCost extends ProviderCost {
  capability: Capability;
  createdAt: Date;
}

export async function listJobCosts(db: Executor, jobId: string): Promise<JobCost[]> {
  const rows = await listJobCostRows(db, jobId);
  return rows.map((r) => ({
    capability: r.capability,
    provider: r.provider,
    model: r.model,
    unit: r.unit,
    quantity: Number(r.quantity),
    amountUsd: Number(r.amount_usd),
    // 'unrecorded' on rows older than the column: kept as stored.
    priceSource: r.price_source as PriceSource,
    createdAt: r.created_at,
  }));
}
