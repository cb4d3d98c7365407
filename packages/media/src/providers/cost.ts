// One record per paid provider call, handed back to the caller (the generation job stores it).

export type CostUnit = 'seconds' | 'images' | 'characters' | 'tokens';

export interface ProviderCost {
  provider: string;
  model: string;
  unit: CostUnit;
  quantity: number;
  amountUsd: number;
  /** Where the unit price came from: 'default' (the built-in list, by model id), 'env:<VARIABLE>' or 'config'. */
  priceSource: PriceSource;
}

/** A configured model without a known price: the adapter refuses to start, before any call. */
/** Where a price came from: the built-in table, the operator's configuration, or an environment variable. */
export type PriceSource = 'default' | 'config' | `env:${string}`;

export class MissingPriceError extends Error {
  override name = 'MissingPriceError';
}

/** Where an adapter reports each call's cost; the generation job records them. */
export type CostSink = (cost: ProviderCost) => void | Promise<void>;

/** quantity × unit price, rounded to a millionth of a dollar (the column's precision). */
export function costOf(provider: string, model: string, unit: CostUnit, quantity: number, unitUsd: number, priceSource: PriceSource): ProviderCost {
  return { provider, model, unit, quantity, amountUsd: Math.round(quantity * unitUsd * 1e6) / 1e6, priceSource };
}

export async function reportCost(sink: CostSink | undefined, cost: ProviderCost): Promise<void> {
  if (sink) await sink(cost);
}
