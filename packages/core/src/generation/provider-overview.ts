// The back-office view of the AI providers: which one serves each capability (no keys), the last 30
// days of provider costs (by price source too) and the providers out of credit now.
import { countCreditReturnsSince, listProvidersOutOfCredit, summariseCostsSince } from '@reelsmith/db';
import type { AdminProviders } from '@reelsmith/shared';
import type { AppDeps } from '../app-deps.ts';

const DAY_MS = 86_400_000;

export async function getProviderOverview(deps: AppDeps): Promise<AdminProviders> {
  const summary = deps.providers;
  const since = new Date(deps.clock.now().getTime() - 30 * DAY_MS);
  const [rows, returned, outOfCredit] = await Promise.all([
    summariseCostsSince(deps.db, since),
    countCreditReturnsSince(deps.db, since),
    listProvidersOutOfCredit(deps.db),
  ]);
  return {
    capabilities: {
      llm: { provider: summary?.llm.provider ?? 'local', models: summary?.llm.model ? [summary.llm.model] : [] },
      tts: { provider: summary?.tts.provider ?? 'local', models: summary?.tts.model ? [summary.tts.model] : [] },
      image: { provider: summary?.image.provider ?? 'local', models: summary?.image.models ?? [] },
      video: { provider: summary?.video.provider ?? 'local', models: summary?.video.model ? [summary.video.model] : [], maxAudioSeconds: summary?.video.maxAudioSeconds ?? null },
    },
    costsLast30Days: rows.map((r) => ({
      provider: r.provider,
      model: r.model,
      unit: r.unit,
      calls: Number(r.calls),
      quantity: Number(r.quantity),
      amountUsd: Math.round(Number(r.amount_usd) * 1e6) / 1e6,
      priceSource: r.price_source,
    })),
    creditsReturnedLast30Days: returned,
    outOfCredit: outOfCredit.map((r) => ({ provider: r.provider, since: r.out_of_credit_since, lastSeenAt: r.last_out_of_credit_at })),
  };
}
