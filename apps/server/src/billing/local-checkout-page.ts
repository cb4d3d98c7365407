import type { LocalCheckoutView } from '@reelsmith/core';
import { escapeHtml, page } from '../html/page.ts';

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

const intervalLabel: Record<string, string> = { monthly: 'per month', yearly: 'per year', one_time: 'one-time' };

export function localCheckoutPage(view: LocalCheckoutView, error?: string): string {
  const action = `/billing/local-checkout/${encodeURIComponent(view.id)}`;
  const body =
    view.status === 'open'
      ? `<form method="post" action="${action}/pay"><button type="submit">Pay ${escapeHtml(money(view.amountCents, view.currency))}</button></form>
<form method="post" action="${action}/cancel"><button type="submit" class="secondary">Cancel</button></form>`
      : `<p>This checkout is ${escapeHtml(view.status)}.</p><a class="button" href="/pricing">Back to pricing</a>`;
  return page(
    'Test checkout',
    `<a class="brand" href="/">Reelsmith</a>
<h1>Test checkout</h1>
<div class="banner" role="note"><strong>Test mode — no real payment.</strong> Stripe is not configured on this server, so this page
stands in for Stripe Checkout. Paying here changes your plan exactly as a real payment would, but no card is charged.</div>
${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}
<dl><dt>Plan</dt><dd><strong>${escapeHtml(view.planName)}</strong> (${escapeHtml(intervalLabel[view.billingInterval] ?? view.billingInterval)})</dd>
<dt>Amount</dt><dd>${escapeHtml(money(view.amountCents, view.currency))}</dd><dt>Account</dt><dd>${escapeHtml(view.email)}</dd></dl>
${body}`,
  );
}
