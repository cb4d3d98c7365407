// Prices keyed by the configured model id, each with where it came from: the built-in table of list
// prices ('default'), an operator's variable ('env:REPLICATE_PRICES', 'env:FAL_USD_PER_SECOND', …) or a
// config built in code ('config': tests, the bench). The source is stored with every cost row.
import { MissingPriceError, type PriceSource } from './cost.ts';

export type { PriceSource };

/** A price entry; without a source it was given in code ('config'). */
export type Priced<P> = P & { source?: PriceSource | undefined };

export interface PriceTable<P> {
  [model: string]: Priced<P>;
}

/**
 * The price of a configured model, or MissingPriceError with a message for the operator: a model
 * without a known price refuses to start (before any call), since its charges could not be recorded.
 */
export function lookupPrice<P extends object>(table: PriceTable<P>, model: string, missing: () => string): P & { source: PriceSource } {
  const price = Object.hasOwn(table, model) ? table[model] : undefined;
  if (!price) throw new MissingPriceError(missing());
  return { ...price, source: price.source ?? 'config' };
}

/** The operator's message for a model without a price: which model, which variable, an example. */
export function missingPriceMessage(providerLabel: string, model: string, variable: string, example: string): string {
  return `No price is known for the ${providerLabel} model '${model}', so its cost could not be recorded. Set ${variable}, e.g. ${variable}='${example}' (see docs/providers.md), or choose a listed model.`;
}
