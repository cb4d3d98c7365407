// Spec §4 'User-list subscription badge': Free when none, Active, Cancelled, Trial (for pending), otherwise Unknown.

export interface SubscriptionBadge {
  label: 'Free' | 'Active' | 'Cancelled' | 'Trial' | 'Unknown';
  color: string;
}

export function subscriptionBadge(subscription: { plan?: string; status: string } | null | undefined): SubscriptionBadge {
  // Every customer holds the Free plan from sign-up; it reads as no paid subscription (docs/decisions.md).
  if (!subscription || subscription.plan?.trim().toLowerCase() === 'free') return { label: 'Free', color: 'gray' };
  switch (subscription.status) {
    case 'active':
      return { label: 'Active', color: 'teal' };
    case 'cancelled':
    case 'canceled':
      return { label: 'Cancelled', color: 'orange' };
    // 'trialing' is the same trial period under the billing spelling (docs/decisions.md).
    case 'pending':
    case 'trialing':
      return { label: 'Trial', color: 'blue' };
    default:
      return { label: 'Unknown', color: 'gray' };
  }
}

const statusLabels: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  pending: 'Pending',
  past_due: 'Past Due',
  cancelled: 'Cancelled',
  canceled: 'Cancelled',
  expired: 'Expired',
};

/** A stored subscription status as words ('past_due' → 'Past Due'); unknown values are shown raw. */
export function subscriptionStatusLabel(status: string): string {
  return statusLabels[status] ?? status;
}
