// Who may read /metrics, and where it is served. The figures name routes, providers and spending:
// not for the public.
import { createHash, timingSafeEqual } from 'node:crypto';

export interface MetricsSettings {
  /** METRICS_TOKEN: scrapers send `Authorization: Bearer <token>`. */
  token: string | undefined;
  /** METRICS_PORT: /metrics is served on this port alone (an internal one), not on the app's. */
  port: number | undefined;
}

/**
 * Where /metrics is served: on its own port when METRICS_PORT is set; else on the app's port when a
 * token guards it, or (outside production, without a token) to loopback callers only; in production
 * without either, nowhere.
 */
export type MetricsExposure = { where: 'own-port'; port: number } | { where: 'app-port'; loopbackOnly: boolean } | { where: 'off' };

export function metricsExposure(settings: MetricsSettings, isProduction: boolean): MetricsExposure {
  if (settings.port !== undefined) return { where: 'own-port', port: settings.port };
  if (settings.token) return { where: 'app-port', loopbackOnly: false };
  return isProduction ? { where: 'off' } : { where: 'app-port', loopbackOnly: true };
}

/** The token's digest, kept instead of the token: the comparison takes the same time whatever is sent. */
export function tokenDigest(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** True when the Authorization header carries the expected bearer token (constant-time over digests). */
export function bearerMatches(authorization: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  const sent = tokenDigest(match?.[1] ?? '');
  // Both digests are 32 bytes: no early return on length, no byte-by-byte comparison.
  return timingSafeEqual(sent, expected) && match !== null;
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** The TCP peer (never a forwarded header): a proxy's own address does not make its clients local. */
export function isLoopbackPeer(remoteAddress: string | undefined): boolean {
  return LOOPBACK.test(remoteAddress ?? '');
}

export type MetricsAccess = 'allowed' | 'unauthorised';

/**
 * Whether one scrape may read the metrics: with a token, the token (whoever asks); without one, on the
 * app's port (development) a loopback peer only, on their own port whoever reaches it.
 */
export function metricsAccess(guard: { expected: Buffer | undefined; loopbackOnly: boolean }, authorization: string | undefined, remoteAddress: string | undefined): MetricsAccess {
  if (guard.expected) return bearerMatches(authorization, guard.expected) ? 'allowed' : 'unauthorised';
  if (guard.loopbackOnly) return isLoopbackPeer(remoteAddress) ? 'allowed' : 'unauthorised';
  return 'allowed';
}
