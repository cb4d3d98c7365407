import { z } from 'zod';
import { WIZARD_STEPS } from '../constants.ts';

export const ANALYTICS_TIME_RANGES = ['week', 'month', '3months', '6months', 'year'] as const;
export type AnalyticsTimeRange = (typeof ANALYTICS_TIME_RANGES)[number];

export const analyticsInputSchema = z.object({ timeRange: z.enum(ANALYTICS_TIME_RANGES).default('month') });
export type AnalyticsInput = z.infer<typeof analyticsInputSchema>;

/** One funnel step. Percentages are 0–100 rounded to one decimal; dropOff is a count of projects. */
export const projectFunnelStepSchema = z.object({
  step: z.enum(WIZARD_STEPS),
  count: z.number().int(),
  uniqueUsers: z.number().int(),
  conversionFromPrevious: z.number(),
  conversionFromStart: z.number(),
  dropOff: z.number().int(),
});
export type ProjectFunnelStep = z.infer<typeof projectFunnelStepSchema>;

/** GET /api/admin/analytics/project-funnel (admin spec §3, Project funnel). overallCompletion is a percent. */
export const projectFunnelSchema = z.object({
  totalStarted: z.number().int(),
  overallCompletion: z.number(),
  steps: z.array(projectFunnelStepSchema),
});
export type ProjectFunnel = z.infer<typeof projectFunnelSchema>;

/**
 * GET /api/admin/analytics/signup-subscription-funnel. conversionRate is a percent (one decimal);
 * medianTimeToConvert is in hours (one decimal), null when nobody converted.
 */
export const signupFunnelSchema = z.object({
  signups: z.number().int(),
  subscriptions: z.number().int(),
  conversionRate: z.number(),
  medianTimeToConvert: z.number().nullable(),
});
export type SignupFunnel = z.infer<typeof signupFunnelSchema>;

/** Percent with one decimal; 0 when there is nothing to divide by. */
export function percentOf(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.round((part / whole) * 1000) / 10;
}
