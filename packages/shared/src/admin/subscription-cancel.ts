import { z } from 'zod';
import { ADJUSTMENT_REASON_MAX } from './subscriptions.ts';

// An admin ends a customer's paid subscription (docs/decisions.md "Cancelling and refunding in full").

export const SUBSCRIPTION_CANCEL_WHEN = ['period_end', 'now'] as const;
export type SubscriptionCancelWhen = (typeof SUBSCRIPTION_CANCEL_WHEN)[number];

export const subscriptionCancelMessages = {
  notLive: 'Only an active, trialing or past-due subscription can be cancelled.',
  alreadyCancelled: 'This subscription is already cancelled at the end of its period; choose "Now" to end it at once.',
  free: 'The Free plan has nothing to cancel.',
  providerFailed: 'Stripe could not cancel the subscription, so nothing was changed. Try again, or cancel it in the Stripe Dashboard first.',
  reasonTooLong: `The reason can be at most ${ADJUSTMENT_REASON_MAX} characters.`,
  reasonControl: 'The reason cannot contain control characters.',
} as const;

// Control characters other than tab and line breaks.
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export const subscriptionCancelInputSchema = z.object({
  subscriptionId: z.string().uuid({ error: 'Subscription not found' }),
  /** At the end of the paid period (the customer keeps what they paid for), or now (access ends at once). */
  when: z.enum(SUBSCRIPTION_CANCEL_WHEN, { error: 'Choose when the subscription ends: period_end or now.' }).default('period_end'),
  reason: z
    .string()
    .trim()
    .max(ADJUSTMENT_REASON_MAX, subscriptionCancelMessages.reasonTooLong)
    .refine((v) => !controlCharacters.test(v), subscriptionCancelMessages.reasonControl)
    .nullish()
    .transform((v) => v || null),
});
export type SubscriptionCancelInput = z.input<typeof subscriptionCancelInputSchema>;

export const subscriptionCancelResultSchema = z.object({
  subscriptionId: z.string(),
  status: z.literal('cancelled'),
  endDate: z.date().nullable(),
  when: z.enum(SUBSCRIPTION_CANCEL_WHEN),
});
export type SubscriptionCancelResult = z.infer<typeof subscriptionCancelResultSchema>;

/** The words of a refund larger than what is left of the payment, the same in the dialog and from the server. */
export function refundTooLargeMessage(remaining: number, currency: string): string {
  return `The refund cannot exceed what remains to refund (${remaining.toFixed(2)} ${currency.toUpperCase()}).`;
}
