// Provider webhooks, seen from the adapters: where Replicate and fal should call us back, and how a
// waiting step learns that the callback came. The server verifies and records callbacks; the
// adapters only ask for them and wait on the waiter, reading the provider's own answer afterwards.
import type { ProviderWebhookConfig } from './provider-config.ts';
import { sleep } from './retry.ts';

export type CallbackProvider = 'replicate' | 'fal';

/** Told by the server when a verified callback for a prediction arrived (packages/core: ProviderCallbackEvents). */
export interface ProviderCallbackWaiter {
  /** A step waits for this prediction: its callback will be accepted and announced. */
  expect(provider: CallbackProvider, id: string): Promise<void>;
  /**
   * Waits until the prediction's callback arrives (true; at once when it already has), or for
   * timeoutMs (false); rejects with the signal's reason when it aborts, as sleep() does.
   */
  wait(provider: CallbackProvider, id: string, timeoutMs: number, signal: AbortSignal): Promise<boolean>;
}

/** What an adapter needs to be called back: the URL, the slow poll and the waiter. */
export interface CallbackPlan extends ProviderWebhookConfig {
  waiter: ProviderCallbackWaiter;
}

export function callbackPlan(webhook: ProviderWebhookConfig | undefined, waiter: ProviderCallbackWaiter | undefined): CallbackPlan | undefined {
  return webhook && waiter ? { ...webhook, waiter } : undefined;
}

/**
 * Waits for the next look at a running prediction: without a callback plan, the fast poll; with one,
 * until its callback arrives or the slow poll's interval passes. Once a callback has been seen (the
 * provider said it finished, though its API may lag a moment), the fast poll again.
 */
export class PredictionWait {
  #seenCallback = false;
  readonly #provider: CallbackProvider;
  readonly #plan: CallbackPlan | undefined;
  readonly #fastPollMs: number;

  constructor(provider: CallbackProvider, plan: CallbackPlan | undefined, fastPollMs: number) {
    this.#provider = provider;
    this.#plan = plan;
    this.#fastPollMs = fastPollMs;
  }

  async next(id: string, signal: AbortSignal): Promise<void> {
    if (!this.#plan || this.#seenCallback) return sleep(this.#fastPollMs, signal);
    this.#seenCallback = await this.#plan.waiter.wait(this.#provider, id, this.#plan.pollIntervalMs, signal);
  }
}
