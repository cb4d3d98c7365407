import { expect, type Locator, type Page } from '@playwright/test';

/** A plan card on /pricing, named by its plan (Free, Starter, Pro, Business). */
export function planCard(page: Page, name: string): Locator {
  return page.getByRole('article', { name, exact: true });
}

/** Opens /pricing and waits for the plan cards. */
export async function openPricing(page: Page): Promise<void> {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();
  await expect(planCard(page, 'Free')).toBeVisible();
}

/**
 * Opens a checkout from a plan card's button and leaves the server's local test checkout page
 * (no Stripe configured) with 'Pay …' or 'Cancel'.
 */
export async function checkoutFromPricing(page: Page, planName: string, leaveWith: 'pay' | 'cancel'): Promise<void> {
  await openPricing(page);
  await planCard(page, planName).getByRole('button').click();
  await expect(page).toHaveURL(/\/billing\/local-checkout\//);
  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
  if (leaveWith === 'pay') await page.getByRole('button', { name: /^Pay \$/ }).click();
  else await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment-result\\?status=${leaveWith === 'pay' ? 'success' : 'cancelled'}&`));
}

/** Buys a plan through the UI and waits for the confirmed success page. */
export async function buyPlan(page: Page, planName: string): Promise<void> {
  await checkoutFromPricing(page, planName, 'pay');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
}

/** The profile's Subscription tab, once the plan summary and payments have loaded. */
export async function openSubscriptionTab(page: Page): Promise<void> {
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Subscription' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Payment History' })).toBeVisible();
}

/** The summary of the customer's current plan on the Subscription tab. */
export function currentPlanSection(page: Page): Locator {
  return page.getByRole('region').filter({ hasText: 'Current plan' });
}
