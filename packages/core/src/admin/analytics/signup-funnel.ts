import { signupConversion } from '@reelsmith/db';
import { percentOf, type AnalyticsTimeRange, type SignupFunnel } from '@reelsmith/shared';
import type { CoreDeps } from '../../deps.ts';
import { analyticsRangeStart } from './time-ranges.ts';

/**
 * Customers who signed up in the range and how many of them have taken a paid subscription
 * (a paid plan that got past checkout, at any time up to now). The median time to convert is in
 * hours from sign-up to the first paid subscription's start, one decimal.
 */
export async function getSignupFunnel(deps: CoreDeps, timeRange: AnalyticsTimeRange): Promise<SignupFunnel> {
  const from = analyticsRangeStart(timeRange, deps.clock.now());
  const { signups, subscriptions, medianHours } = await signupConversion(deps.db, from);
  const median = medianHours === null ? null : Math.round(medianHours * 10) / 10;
  return { signups, subscriptions, conversionRate: percentOf(subscriptions, signups), medianTimeToConvert: median };
}
