// Provider webhooks (Replicate, fal), the decisions: a callback counts only with the provider's
// valid signature; it marks the prediction arrived once, even before the step has recorded that it
// waits (a repeated or late one changes nothing and is acknowledged, so the provider stops retrying); and the waiting step, in
// whichever process, is woken through the database's announcement to read the prediction from the
// provider's own API. Money never moves here: the prediction was created (and is charged) by the step.
import {
  completeProviderCallback,
  deleteProviderCallbacksExpectedBefore,
  expectProviderCallback,
  listenToChannel,
  PROVIDER_CALLBACKS_CHANNEL,
  providerCallbackArrived,
  type ChannelListener,
  type DatabaseHandle,
  type Executor,
} from '@reelsmith/db';
import type { CallbackProvider, ProviderCallbackWaiter, WebhookHeaders, WebhookVerdict } from '@reelsmith/media';
import type { CoreDeps, Logger } from '../deps.ts';

/**
 * How long an expected callback is kept. The longest step waits well under an hour for its prediction
 * (and polls as well), so after two days a row only takes space; a callback arriving later still is
 * acknowledged as unknown and changes nothing.
 */
export const PROVIDER_CALLBACK_RETENTION_MS = 2 * 24 * 60 * 60_000;

/** Housekeeping: forgets expectations older than the retention; answers how many. */
export function forgetOldProviderCallbacks(deps: Pick<CoreDeps, 'db' | 'clock'>): Promise<number> {
  return deleteProviderCallbacksExpectedBefore(deps.db, new Date(deps.clock.now().getTime() - PROVIDER_CALLBACK_RETENTION_MS));
}

export interface ProviderWebhookVerifier {
  verify(headers: WebhookHeaders, body: Buffer): Promise<WebhookVerdict>;
}

export type ProviderWebhookOutcome =
  | { result: 'accepted'; externalId: string; status: string }
  /** Verified, but it changes nothing (a repeated or late callback, a prediction not finished yet, or no id at all). */
  | { result: 'ignored'; externalId: string | undefined }
  | { result: 'refused'; reason: 'missing_headers' | 'stale' | 'bad_signature' };

/**
 * The states that end a prediction: Replicate's prediction statuses, fal's OK / ERROR. Anything else
 * (Replicate may send `start` even when only `completed` was asked for) wakes nobody.
 */
const finalStates: Record<CallbackProvider, ReadonlySet<string>> = {
  replicate: new Set(['succeeded', 'failed', 'canceled', 'aborted']),
  fal: new Set(['OK', 'ERROR']),
};

/** The prediction's id and state in each provider's callback body (Replicate: the prediction; fal: request_id and OK/ERROR). */
function readCallback(provider: CallbackProvider, body: Buffer): { externalId: string; status: string } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  const fields = (parsed ?? {}) as Record<string, unknown>;
  const externalId = provider === 'replicate' ? fields['id'] : fields['request_id'];
  const status = fields['status'];
  // Provider ids are short printable tokens; control characters (a NUL PostgreSQL cannot store) mean a body we do not read.
  if (typeof externalId !== 'string' || externalId.length === 0 || externalId.length > 200 || /\p{Cc}/u.test(externalId)) return undefined;
  return { externalId, status: typeof status === 'string' ? status : 'unknown' };
}

/**
 * A callback as it arrived (raw body, headers): verified, then recorded once, whether or not the step
 * has recorded its expectation yet (it may come first; the step then finds it arrived).
 */
export async function receiveProviderWebhook(
  deps: Pick<CoreDeps, 'db' | 'clock' | 'logger'>,
  provider: CallbackProvider,
  verifier: ProviderWebhookVerifier,
  headers: WebhookHeaders,
  body: Buffer,
): Promise<ProviderWebhookOutcome> {
  const verdict = await verifier.verify(headers, body);
  if (!verdict.ok) return { result: 'refused', reason: verdict.reason };
  const callback = readCallback(provider, body);
  if (!callback) {
    deps.logger.warn({ provider }, 'provider webhook: verified, but no prediction id in its body; ignored');
    return { result: 'ignored', externalId: undefined };
  }
  if (!finalStates[provider].has(callback.status)) return { result: 'ignored', externalId: callback.externalId };
  const completed = await completeProviderCallback(deps.db, provider, callback.externalId, callback.status, deps.clock.now());
  return completed ? { result: 'accepted', ...callback } : { result: 'ignored', externalId: callback.externalId };
}

type Wake = (how: 'arrived' | 'reconnected') => void;

/**
 * The process's side of the announcements: steps waiting for a prediction register here and are woken
 * when its callback is recorded (by this process or another). One listening connection per process.
 */
export class ProviderCallbackEvents implements ProviderCallbackWaiter {
  private readonly waiting = new Map<string, Set<Wake>>();
  private listener: ChannelListener | undefined;
  private readonly db: Executor;

  constructor(db: Executor) {
    this.db = db;
  }

  static async listen(database: DatabaseHandle, logger?: Logger): Promise<ProviderCallbackEvents> {
    const events = new ProviderCallbackEvents(database.db);
    events.listener = await listenToChannel(database, PROVIDER_CALLBACKS_CHANNEL, (key) => events.announce(key, 'arrived'), {
      // Announcements sent while the connection was down are lost: every waiter looks at the table again.
      onReconnect: () => {
        for (const key of events.waiting.keys()) events.announce(key, 'reconnected');
      },
      onError: (err) => logger?.warn({ err: err.message }, 'provider callbacks: listening connection lost, reconnecting'),
    });
    return events;
  }

  async close(): Promise<void> {
    await this.listener?.close();
  }

  /** Steps waiting in this process. */
  get waiterCount(): number {
    let n = 0;
    for (const set of this.waiting.values()) n += set.size;
    return n;
  }

  /** A callback for '<provider>:<id>' was recorded. */
  announce(key: string, how: 'arrived' | 'reconnected' = 'arrived'): void {
    for (const wake of this.waiting.get(key) ?? []) wake(how);
  }

  expect(provider: CallbackProvider, id: string): Promise<void> {
    return expectProviderCallback(this.db, provider, id);
  }

  async wait(provider: CallbackProvider, id: string, timeoutMs: number, signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) throw signal.reason as Error;
    const key = `${provider}:${id}`;
    let wake!: Wake;
    const woken = new Promise<'arrived' | 'reconnected'>((resolve) => {
      wake = resolve;
    });
    let set = this.waiting.get(key);
    if (!set) {
      set = new Set();
      this.waiting.set(key, set);
    }
    set.add(wake);
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    try {
      // Registered first, then looked up: a callback recorded in between is seen either way.
      if (await providerCallbackArrived(this.db, provider, id)) return true;
      const how = await Promise.race([
        woken,
        new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), timeoutMs);
        }),
        new Promise<never>((_resolve, reject) => {
          onAbort = () => reject(signal.reason as Error);
          signal.addEventListener('abort', onAbort, { once: true });
        }),
      ]);
      if (how === 'arrived') return true;
      if (how === 'reconnected') return providerCallbackArrived(this.db, provider, id);
      return false;
    } finally {
      clearTimeout(timer);
      if (onAbort) signal.removeEventListener('abort', onAbort);
      set.delete(wake);
      if (set.size === 0 && this.waiting.get(key) === set) this.waiting.delete(key);
    }
  }
}
