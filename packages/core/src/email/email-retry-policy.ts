/**
 * How often and how late a temporarily refused e-mail (421 throttling, 454 and other 4xx replies) is
 * offered again: five attempts in all, the delay doubling from the base (60 s by default), at most an hour.
 */
export const emailRetryPolicy = { maxAttempts: 5, baseDelaySeconds: 60, maxDelaySeconds: 3600 } as const;

/** The wait before attempt `attempt + 1`, after `attempt` attempts were refused. */
export function retryDelaySeconds(attempt: number, baseDelaySeconds: number = emailRetryPolicy.baseDelaySeconds): number {
  const delay = baseDelaySeconds * 2 ** Math.max(0, attempt - 1);
  return Math.min(Math.max(1, Math.round(delay)), emailRetryPolicy.maxDelaySeconds);
}
