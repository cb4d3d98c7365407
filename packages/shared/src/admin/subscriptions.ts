import { z } from 'zod';
import { subscriptionStatuses } from '../billing.ts';
import { PAGE_LIMIT_MAX, pageInfoShape, pageNumberSchema } from '../paging.ts';
import { sortShape } from './paging.ts';

// Back-office subscriptions (admin spec §2 Subscriptions, §3, §5, §7).

export const ADMIN_SUBSCRIPTIONS_PAGE_SIZE = 20;
export const ADJUSTMENT_REASON_MAX = 200;

/**
 * The status filter of the screen. Answers spell the status 'cancelled' (the customer spec's spelling);
 * the admin spec's filter says 'canceled', so both are accepted and read as 'cancelled' here, nowhere else.
 */
export const adminSubscriptionStatusFilters = ['active', 'trialing', 'past_due', 'cancelled', 'canceled'] as const;
export type AdminSubscriptionStatusFilter = Exclude<(typeof adminSubscriptionStatusFilters)[number], 'canceled'>;

export function normaliseSubscriptionStatusFilter(status: (typeof adminSubscriptionStatusFilters)[number]): AdminSubscriptionStatusFilter {
  return status === 'canceled' ? 'cancelled' : status;
}

export const subscriptionOverviewSchema = z.object({
  totalRevenue: z.number(),
  activeSubscriptions: z.number().int(),
  totalSubscriptions: z.number().int(),
  /** price per month and billedPrice per charge, as every answer gives them (answeredPrices). */
  plans: z.array(z.object({ planId: z.string(), planName: z.string(), price: z.number(), billedPrice: z.number(), period: z.enum(['free', 'monthly', 'yearly', 'one_time']) })),
});
export type SubscriptionOverview = z.infer<typeof subscriptionOverviewSchema>;

/** Query values arrive as strings through REST; empty strings mean "all". */
const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v ? v : undefined));

const pageSizeSchema = z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).optional();

export const ADMIN_SUBSCRIPTION_SORT_COLUMNS = ['user', 'plan', 'status', 'start', 'end'] as const;
export type AdminSubscriptionSortColumn = (typeof ADMIN_SUBSCRIPTION_SORT_COLUMNS)[number];

const subscriptionFilterShape = {
  search: optionalText,
  status: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(adminSubscriptionStatusFilters).transform(normaliseSubscriptionStatusFilter).optional()),
  planId: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.string().uuid({ error: 'Unknown plan.' }).optional()),
  ...sortShape(ADMIN_SUBSCRIPTION_SORT_COLUMNS),
};
/** The CSV export of the subscription list: its filters and sort, every matching row. */
export const subscriptionExportInputSchema = z.object(subscriptionFilterShape);
export type SubscriptionExportInput = z.input<typeof subscriptionExportInputSchema>;

export const subscriptionListInputSchema = z.object({
  ...subscriptionFilterShape,
  page: pageNumberSchema,
  /** The page size, named as on every other list call (paging.ts); 20 when neither name is sent. */
  limit: pageSizeSchema,
  /** The admin spec's name for the same page size on this list; limit wins when both are sent. */
  pageSize: pageSizeSchema,
  /** The screen's cache-buster; ignored. */
  timestamp: z.unknown().optional(),
});
export type SubscriptionListInput = z.input<typeof subscriptionListInputSchema>;

export const adminSubscriptionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  user: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable(), email: z.string() }),
  /** price is per month (the screen shows a yearly one × 12 per year, spec §9); billedPrice is one charge (answeredPrices). */
  plan: z.object({ id: z.string(), name: z.string(), planType: z.enum(['monthly', 'yearly']), price: z.number(), billedPrice: z.number(), currency: z.string() }),
  status: z.enum(subscriptionStatuses),
  startDate: z.date(),
  endDate: z.date().nullable(),
  bonusCredits: z.number().int(),
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;

/** The one paging envelope (paging.ts); the spec's data, total and totalPages are among its fields. */
export const subscriptionListSchema = z.object({ data: z.array(adminSubscriptionSchema), ...pageInfoShape });
export type SubscriptionList = z.infer<typeof subscriptionListSchema>;

export const userSubscriptionDetailSchema = z.object({
  currentSubscription: adminSubscriptionSchema.nullable(),
  transactions: z.array(
    z.object({
      id: z.string(),
      subscriptionId: z.string().nullable(),
      amount: z.number(),
      refundedAmount: z.number(),
      currency: z.string(),
      description: z.string().nullable(),
      status: z.enum(['succeeded', 'failed', 'canceled', 'pending', 'refunded', 'partially_refunded']),
      createdAt: z.date(),
    }),
  ),
  adjustments: z.array(
    z.object({
      id: z.string(),
      type: z.enum(['extend', 'add_credits', 'change_plan']),
      reason: z.string().nullable(),
      payload: z.record(z.string(), z.unknown()),
      createdBy: z.object({ email: z.string().nullable() }),
      createdAt: z.date(),
    }),
  ),
});
export type UserSubscriptionDetail = z.infer<typeof userSubscriptionDetailSchema>;

const reasonSchema = z
  .string()
  .trim()
  .max(ADJUSTMENT_REASON_MAX, { error: `The reason can be at most ${ADJUSTMENT_REASON_MAX} characters.` })
  .nullish()
  .transform((v) => (v ? v : null));

/** Dollars with at most two decimals (step 0.01). */
export const refundAmountSchema = z
  .number({ error: 'Enter the amount to refund.' })
  .positive({ error: 'The refund amount must be more than zero.' })
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: 'The refund amount can have at most two decimals.' });

export const refundInputSchema = z.object({
  subscriptionId: z.string().uuid({ error: 'Subscription not found' }),
  transactionId: z.string().uuid({ error: 'Transaction not found for this subscription' }),
  amount: z.coerce.number().pipe(refundAmountSchema),
  reason: reasonSchema,
});
export type RefundInput = z.input<typeof refundInputSchema>;

export const refundResultSchema = z.object({
  refundId: z.string(),
  refundedAmount: z.number(),
  remainingAmount: z.number(),
  status: z.string(),
});

export const adjustInputSchema = z.discriminatedUnion('type', [
  z.object({
    subscriptionId: z.string().uuid({ error: 'Subscription not found' }),
    type: z.literal('extend'),
    payload: z.object({ days: z.coerce.number().int({ error: 'Days must be a whole number.' }).min(1, { error: 'Extend by at least 1 day.' }).max(3650) }),
    reason: reasonSchema,
  }),
  z.object({
    subscriptionId: z.string().uuid({ error: 'Subscription not found' }),
    type: z.literal('add_credits'),
    payload: z.object({
      credits: z.coerce.number().int({ error: 'Credits must be a whole number.' }).min(1, { error: 'Add at least 1 credit.' }).max(100_000),
      unit: z.literal('videos').default('videos'),
    }),
    reason: reasonSchema,
  }),
  z.object({
    subscriptionId: z.string().uuid({ error: 'Subscription not found' }),
    type: z.literal('change_plan'),
    payload: z.object({
      newPlanId: z.string().uuid({ error: 'Choose the new plan.' }),
      proration: z.literal('create_prorations').default('create_prorations'),
    }),
    reason: reasonSchema,
  }),
]);
export type AdjustInput = z.input<typeof adjustInputSchema>;

export const adjustResultSchema = z.object({
  adjustmentId: z.string(),
  endDate: z.date().nullable(),
  bonusCredits: z.number().int(),
  planId: z.string(),
});
