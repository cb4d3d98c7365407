import { expect, test } from '@playwright/test';
import { signInWithDevApi, uniqueEmail } from '../support/auth.ts';
import { buyPlan, checkoutFromPricing, openSubscriptionTab, patchCurrentSubscription } from '../support/billing.ts';

const out = '/tmp/billing-shots';
test('scratch shots', async ({ page }) => {
  test.slow();
  await signInWithDevApi(page.request, { email: uniqueEmail('scratch'), name: 'Sc Ratch' });
  for (const [w, h] of [[1280, 900], [375, 812]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await checkoutFromPricing(page, 'Starter', 'cancel');
    await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
    await page.screenshot({ path: `${out}/cancelled-${w}.png`, fullPage: true });
    await page.goto('/payment-result?status=success&session_id=nonexistent_123&planId=x');
    await expect(page.getByRole('heading', { name: 'Payment confirmation failed' })).toBeVisible();
    await page.screenshot({ path: `${out}/confirm-failed-${w}.png`, fullPage: true });
    await page.goto('/payment-result');
    await page.screenshot({ path: `${out}/processing-${w}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 375, height: 812 });
  await buyPlan(page, 'Pro');
  await page.screenshot({ path: `${out}/success-375.png`, fullPage: true });
  await openSubscriptionTab(page);
  await page.getByRole('button', { name: 'Cancel Plan' }).click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/cancel-dialog-375.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await patchCurrentSubscription(page, { canCreateProject: false, createBlockedReason: 'free_limit' });
  await page.goto('/');
  await page.getByRole('button', { name: 'Start New Project' }).click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/upgrade-dialog-1280.png` });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/upgrade-dialog-375.png` });
});
