import { z } from 'zod';

export const qualities = ['standard', 'high'] as const;
export type Quality = (typeof qualities)[number];

/** A plan as the pricing page and the API show it (customer spec §3, Plan). */
export const planSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Dollars per month, as both specs show prices (a yearly plan: its yearly charge ÷ 12); see answeredPrices. */
  price: z.number(),
  /** Dollars one charge costs: the month's price, the yearly total, or the one-time payment. */
  billedPrice: z.number(),
  currency: z.string(),
  billingInterval: z.enum(['free', 'monthly', 'yearly', 'one_time']),
  features: z.array(z.string()),
  allowDownload: z.boolean(),
  videoLimit: z.number().int().nullable(),
  maxReelSeconds: z.number().int(),
  allowedQualities: z.array(z.enum(qualities)),
  watermark: z.boolean(),
});
export type Plan = z.infer<typeof planSchema>;

export type StoredBillingInterval = 'free' | 'monthly' | 'yearly' | 'one_time';

/**
 * The billing interval every answer (customer and admin) shows for a plan. The Free plan is stored as
 * 'free' but answered 'monthly', a $0 plan on the monthly cycle: the admin spec's planType is monthly or
 * yearly and the customer spec's Plan table shows no 'free'. Clients tell Free apart by price 0 or isFreeUser.
 */
export function answeredBillingInterval(stored: StoredBillingInterval): 'monthly' | 'yearly' | 'one_time' {
  return stored === 'free' ? 'monthly' : stored;
}

/**
 * The prices every answer (customer and admin, REST and tRPC) shows for a plan. `price` is per month, as both
 * specs show it: the pricing page's 'price per month' and the back-office's 'price times 12 per year' both read
 * a monthly figure, so a yearly plan's yearly charge is divided by 12 (to the cent). A one-time plan's price is
 * its single payment. `billedPrice` is what one charge costs (the yearly total for a yearly plan), so no client
 * multiplies a rounded figure back.
 */
export function answeredPrices(priceCents: number, stored: StoredBillingInterval): { price: number; billedPrice: number } {
  const billedPrice = priceCents / 100;
  return { price: stored === 'yearly' ? Math.round(priceCents / 12) / 100 : billedPrice, billedPrice };
}

/**
 * The payment status every answer shows. A partly refunded payment is still a succeeded payment (its
 * `refundedAmount` says how much came back): a spec client reads it as succeeded, not pending, and may
 * refund what remains, since the spec allows refunds of succeeded payments only. 'refunded' once nothing remains.
 */
export function answeredPaymentStatus<S extends string>(stored: S): Exclude<S, 'partially_refunded'> | 'succeeded' {
  return (stored === 'partially_refunded' ? 'succeeded' : stored) as Exclude<S, 'partially_refunded'> | 'succeeded';
}

/** The Free plan is the one that costs nothing (the schema ties price 0 to the stored 'free' interval). */
export function isFreePlan(plan: Pick<Plan, 'price' | 'billingInterval'>): boolean {
  return plan.price === 0 || plan.billingInterval === 'free';
}

export const planListInputSchema = z.object({ type: z.enum(['monthly', 'yearly']).optional() }).strict();

export const subscriptionStatuses = ['active', 'trialing', 'pending', 'past_due', 'cancelled', 'expired'] as const;

/** What the customer may do now, and why not (the answer of GET /api/subscription/current). */
export const currentSubscriptionSchema = z.object({
  subscriptionId: z.string().nullable(),
  planId: z.string().nullable(),
  planName: z.string().nullable(),
  isFreeUser: z.boolean(),
  status: z.enum(subscriptionStatuses).nullable(),
  startDate: z.date().nullable(),
  endDate: z.date().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** Videos allowed in the current period; null is unlimited. */
  documentLimit: z.number().int().nullable(),
  documentsUsed: z.number().int(),
  allowDownload: z.boolean(),
  maxReelSeconds: z.number().int(),
  allowedQualities: z.array(z.enum(qualities)),
  watermark: z.boolean(),
  dailyVideoCount: z.number().int(),
  dailyVideoLimit: z.number().int(),
  canCreateProject: z.boolean(),
  /** Why a new project is refused, when it is. */
  createBlockedReason: z.enum(['no_subscription', 'inactive', 'free_limit', 'quota', 'daily_limit', 'project_limit']).nullable(),
});
export type CurrentSubscription = z.infer<typeof currentSubscriptionSchema>;

export const checkoutInputSchema = z
  .object({
    planId: z.string().uuid({ error: 'Choose a plan to buy.' }),
    quantity: z.number().int().min(1).max(1).default(1),
  })
  .strict();

export const checkoutResultSchema = z.object({ url: z.string(), sessionId: z.string() });

export const confirmInputSchema = z.object({
  session_id: z.string().min(8).max(255),
  planId: z.string().optional(),
});

export const confirmResultSchema = z.object({
  ok: z.boolean(),
  planName: z.string().nullable(),
  startDate: z.date().nullable(),
  endDate: z.date().nullable(),
  documentLimit: z.number().int().nullable(),
  documentsUsed: z.number().int(),
  error: z.string().nullable(),
  /** The checkout is complete but its payment (a bank debit) has not cleared: the plan starts when it does. */
  processing: z.boolean().optional(),
});

/** A payment as the customer's transactions table shows it (customer spec §3, Transaction). */
export const transactionSchema = z.object({
  id: z.string(),
  transactionDate: z.date(),
  planName: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  paymentStatus: z.string(),
  refundedAmount: z.number(),
  stripeReceiptUrl: z.string().nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** Customer-facing messages of the billing calls. */
export const billingMessages = {
  noSubscription: 'You need an active subscription to create videos. Choose a plan to continue.',
  freeLimit: "You've already created your free video. To create more videos, upgrade your subscription.",
  quota: 'You have used all videos of your plan for this period. Please upgrade your plan or wait for your quota to reset.',
  dailyLimit: 'Daily Limit Reached: you have created the maximum number of videos for today. Please try again tomorrow.',
  projectLimit: 'You have reached the maximum number of projects for your account. Delete a project to create a new one.',
  alreadySubscribed: 'You already have an active subscription to this plan.',
  planUnavailable: 'This plan is not available for purchase.',
  cancelNotActive: 'Only an active subscription can be cancelled.',
} as const;
