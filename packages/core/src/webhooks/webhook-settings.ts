import type { OutboundPolicy, Resolver } from '@reelsmith/media';

/** One queued delivery attempt (the payload of the webhook queue's jobs). */
export interface WebhookDeliveryJob {
  eventId: string;
  endpointId: string;
  attempt: number;
}

/** The durable queue's side of webhook deliveries (the job runner implements it). */
export interface WebhookQueue {
  deliverWebhookLater(delivery: WebhookDeliveryJob, delaySeconds: number): Promise<void>;
}

/** How webhooks are delivered in this process (from WEBHOOK_* and OUTBOUND_ALLOW_HOSTS). */
export interface WebhookSettings {
  queue: WebhookQueue;
  /** The waits before each retry after the first attempt; its length is the number of retries. */
  retryDelaysSeconds: readonly number[];
  /** One attempt's limit, connection and answer together. */
  timeoutMs: number;
  /** http:// and loopback addresses (localhost, 127.0.0.1, [::1]) allowed: never in production. */
  allowLoopback: boolean;
  /** Hosts the outbound guard lets through although their address is refused (tests and bench fakes). */
  allowHosts: readonly string[];
  /** DNS for the guard; tests answer for made-up names. */
  resolve?: Resolver | undefined;
}

/** About 5 s, 5 min, 30 min, 2 h and 5 h after the first attempt (the schedule Standard Webhooks senders use). */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_SECONDS: readonly number[] = [5, 300, 1800, 7200, 18000];
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;

const loopbackHosts = ['localhost', '127.0.0.1', '[::1]'];

/** The outbound guard's policy for callback URLs: no redirects, loopback only where allowed. */
export function webhookOutboundPolicy(settings: Pick<WebhookSettings, 'allowLoopback' | 'allowHosts'>): OutboundPolicy {
  return { allowHosts: [...settings.allowHosts, ...(settings.allowLoopback ? loopbackHosts : [])], maxRedirects: 0 };
}

/** Whether the URL's scheme may be used: https always, http only to loopback where loopback is allowed. */
export function webhookSchemeAllowed(url: URL, settings: Pick<WebhookSettings, 'allowLoopback'>): boolean {
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && settings.allowLoopback && loopbackHosts.includes(url.hostname);
}

/** The wait before the attempt after `attempt` (1-based), or null when `attempt` was the last one. */
export function webhookRetryDelay(retryDelaysSeconds: readonly number[], attempt: number): number | null {
  return retryDelaysSeconds[attempt - 1] ?? null;
}
