/** How far a callback's timestamp may be from our clock (both providers document five minutes). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type WebhookHeaders = Record<string, string | string[] | undefined>;

export type WebhookVerdict = { ok: true } | { ok: false; reason: 'missing_headers' | 'stale' | 'bad_signature' };

/** One header by its lower-case name (as Node gives them); a repeated header counts as missing. */
export function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
