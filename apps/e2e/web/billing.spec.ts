import { expect, test, type Page } from '@playwright/test';
import { signInWithDevApi, uniqueEmail } from '../support/auth.ts';
import {
  buyPlan,
  checkoutFromPricing,
  currentPlanSection,
  openPricing,
  openSubscriptionTab,
  planCard,
} from '../support/billing.ts';
import { fixtureCustomers } from '../support/fixtures.ts';
import { saveScreenshot } from '../support/screens.ts';

const desktop = { width: 1280, height: 900 };
const phone = { width: 375, height: 812 };

async function signIn(page: Page, label: string, name = 'Bella Buyer'): Promise<void> {
  await signInWithDevApi(page.request, { email: uniqueEmail(label), name });
}

/** GET /api/subscription/current as the server answers it, checked against `expected`. */
async function expectCurrentSubscription(page: Page, expected: Record<string, unknown>): Promise<{ dailyVideoCount: number; dailyVideoLimit: number }> {
  const res = await page.request.get('/api/subscription/current');
  expect(res.status()).toBe(200);
  const current = (await res.json()) as { dailyVideoCount: number; dailyVideoLimit: number };
  expect(current).toMatchObject(expected);
  return current;
}

/** POST /api/projects is refused with this status and reason, and the customer's projects stay as they were. */
async function expectProjectRefused(page: Page, status: number, reason: string): Promise<void> {
  const before = (await (await page.request.get('/api/projects')).json()) as unknown[];
  const refused = await page.request.post('/api/projects', { data: {} });
  expect(refused.status()).toBe(status);
  expect(await refused.json()).toMatchObject({ reason });
  expect(await (await page.request.get('/api/projects')).json()).toHaveLength(before.length);
}

test.describe('Billing', { tag: '@web' }, () => {
  // Sign-in, the pricing page, a checkout and the profile: past 30 s on the 2-core machine while the
  // other worker renders videos.
  test.beforeEach(() => {
    test.slow();
  });

  test('a new customer is on Free, and Annually shows yearly prices with Save 20%', async ({ page }) => {
    await signIn(page, 'pricing');
    await openPricing(page);

    const free = planCard(page, 'Free');
    await expect(free.getByText('Current Plan', { exact: true })).toHaveCount(2); // the badge and the disabled button
    await expect(free.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    await expect(planCard(page, 'Pro').getByText('Most Popular')).toBeVisible();
    await expect(planCard(page, 'Pro').getByText('Current Plan')).toHaveCount(0);
    await expect(planCard(page, 'Pro')).toContainText('$49/month');
    await expect(planCard(page, 'Pro').getByRole('button', { name: 'Upgrade to Pro' })).toBeEnabled();
    await expect(planCard(page, 'Pro').getByRole('list', { name: 'Pro features' }).getByRole('listitem').first()).toBeVisible();

    const annually = page.getByRole('radio', { name: /Annually/ });
    await expect(annually).toHaveAccessibleName(/Save 20%/);
    await page.getByText('Annually').click();
    await expect(annually).toBeChecked();
    await expect(page.getByText('Save 20%')).toBeVisible();
    await expect(planCard(page, 'Pro')).toContainText('$39.20/month');
    await expect(planCard(page, 'Pro')).toContainText('billed $470.40 yearly');
    await expect(planCard(page, 'Free').getByRole('button', { name: 'Current Plan' })).toBeDisabled();

    await expect(page.getByRole('main').getByRole('link', { name: 'support@reelsmith.app' })).toHaveAttribute('href', 'mailto:support@reelsmith.app');
  });

  test('visitors are sent to sign in from a plan card', async ({ page }) => {
    await openPricing(page);
    await expect(planCard(page, 'Pro').getByRole('link', { name: 'Get Pro' })).toHaveAttribute('href', '/auth/google?returnTo=%2Fpricing');
    await expect(planCard(page, 'Free').getByText('Current Plan')).toHaveCount(0);
  });

  test('buying Pro monthly shows the success page, then the plan and its payment on the profile', async ({ page }) => {
    await signIn(page, 'buy');
    await openPricing(page);
    await planCard(page, 'Pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
    await expect(page).toHaveURL(/\/billing\/local-checkout\//);
    await page.getByRole('button', { name: 'Pay $49.00' }).click();

    await expect(page).toHaveURL(/\/payment-result\?status=success&session_id=[^&]+&planId=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
    const summary = page.getByRole('group', { name: 'Your subscription' });
    await expect(summary.getByRole('definition').nth(0)).toHaveText('Pro');
    await expect(summary.getByRole('definition').nth(3)).toHaveText('0 / 40 videos');
    await expect(summary.getByRole('definition').nth(2)).not.toHaveText('—');

    // The subscription query was refreshed: the profile shows Pro without a reload.
    await page.getByRole('link', { name: 'payment history' }).click();
    await expect(page).toHaveURL(/\/profile\?tab=subscription$/);
    const plan = currentPlanSection(page);
    await expect(plan.getByRole('heading', { level: 2 })).toHaveText('Pro');
    await expect(plan.getByText('Active', { exact: true })).toBeVisible();
    await expect(plan).toContainText('0 / 40 videos');
    await expect(plan.getByRole('button', { name: 'Cancel Plan' })).toBeVisible();

    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(2); // the header and one payment
    const payment = rows.nth(1);
    await expect(payment).toContainText('Pro');
    await expect(payment).toContainText('$49.00');
    await expect(payment).toContainText('succeeded');
  });

  test('cancelling Pro asks for confirmation, then shows Cancelled without Cancel Plan', async ({ page }) => {
    await signIn(page, 'cancel');
    await buyPlan(page, 'Pro');
    await openSubscriptionTab(page);
    const plan = currentPlanSection(page);
    await expect(plan.getByText('Active', { exact: true })).toBeVisible();

    await plan.getByRole('button', { name: 'Cancel Plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel subscription' });
    await expect(dialog).toContainText('Are you sure you want to cancel your subscription?');
    // Keeping the plan changes nothing.
    await dialog.getByRole('button', { name: 'Keep Plan' }).click();
    await expect(dialog).toBeHidden();
    await expect(plan.getByText('Active', { exact: true })).toBeVisible();

    await plan.getByRole('button', { name: 'Cancel Plan' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Cancel Plan' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Subscription cancelled' })).toBeVisible();
    await expect(plan.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(plan.getByRole('button', { name: 'Cancel Plan' })).toHaveCount(0);
    await expect(plan).toContainText(/Access until [A-Z][a-z]{2} \d{1,2}, \d{4}/);

    const res = await page.request.get('/api/subscription/current');
    expect(await res.json()).toMatchObject({ planName: 'Pro', status: 'cancelled' });
  });

  test('a cancelled checkout says no charge was made and offers Retry Payment', async ({ page }) => {
    await signIn(page, 'abandon');
    await checkoutFromPricing(page, 'Starter', 'cancel');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Cancelled' })).toBeVisible();
    await expect(page.getByText(/No charge was made/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/');
    await page.getByRole('link', { name: 'Retry Payment' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    // Nothing changed: still on Free.
    await expect(planCard(page, 'Free').getByRole('button', { name: 'Current Plan' })).toBeVisible();
  });

  test('after buying Pro, /pricing marks Pro as the current plan', async ({ page }) => {
    await signIn(page, 'current');
    await buyPlan(page, 'Pro');
    await openPricing(page);
    const pro = planCard(page, 'Pro');
    await expect(pro.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    await expect(pro.getByText('Current Plan', { exact: true })).toHaveCount(2);
    await expect(planCard(page, 'Free').getByRole('button', { name: 'Free forever' })).toBeDisabled();
    await expect(planCard(page, 'Free').getByText('Current Plan')).toHaveCount(0);
    await expect(planCard(page, 'Business').getByRole('button', { name: 'Switch to Business' })).toBeEnabled();

    // Pro billed yearly is another plan, bought by switching in place.
    await page.getByText('Annually').click();
    await expect(planCard(page, 'Pro').getByRole('button', { name: 'Switch to Pro' })).toBeEnabled();
  });

  test('a refused checkout is shown as a toast and the button can be used again', async ({ page }) => {
    await signIn(page, 'refused');
    await openPricing(page);
    const button = planCard(page, 'Pro').getByRole('button', { name: 'Upgrade to Pro' });
    await expect(button).toBeEnabled();

    // Meanwhile Pro is bought elsewhere (another tab), so this page's offer is out of date.
    const plans = (await (await page.request.get('/api/plans?type=monthly')).json()) as { id: string; name: string }[];
    const pro = plans.find((plan) => plan.name === 'Pro');
    expect(pro).toBeDefined();
    const created = await page.request.post('/api/stripe/create-checkout-session', { data: { planId: pro?.id, quantity: 1 } });
    expect(created.status()).toBe(200);
    const { url } = (await created.json()) as { url: string };
    expect((await page.request.post(`${new URL(url).pathname}/pay`)).ok()).toBe(true);

    await button.click();
    const toast = page.getByRole('alert').filter({ hasText: 'Checkout failed' });
    await expect(toast).toContainText('You already have an active subscription to this plan.');
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(button).toBeEnabled();
  });

  test('Create opens a new project for a Free customer with their free video left', async ({ page }) => {
    await signIn(page, 'create', 'Cora Creator');
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/project\/new(\?step=1)?$/);
  });

  test('a Free customer who used the free video gets the Video Limit Reached dialog', async ({ page }) => {
    await signIn(page, 'limit', 'Lim Ited');
    // The free video is used for real: the one project the Free plan allows.
    expect((await page.request.post('/api/projects', { data: {} })).status()).toBe(201);
    await page.goto('/');
    await page.getByRole('button', { name: 'Start New Project' }).click();

    const dialog = page.getByRole('dialog', { name: 'Video Limit Reached' });
    await expect(dialog).toContainText("You've already created your free video. To create more videos, upgrade your subscription.");
    for (const limit of ['1 video lifetime', 'Max 20 seconds', 'Standard quality 360p with watermark', 'No downloads']) {
      await expect(dialog.getByRole('listitem').filter({ hasText: limit })).toBeVisible();
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/$/);

    await page.getByRole('banner').getByRole('button', { name: 'Create' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Upgrade Subscription' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  // The next three customers' states are written by the e2e server before it starts (support/fixtures.ts).
  test('without an active plan, Create explains and goes to /pricing', async ({ page }) => {
    await signInWithDevApi(page.request, fixtureCustomers.lapsed);
    // The server's own reading: the cancelled Pro plan's paid period has ended.
    await expectCurrentSubscription(page, { planName: 'Pro', status: 'expired', canCreateProject: false, createBlockedReason: 'inactive' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Start New Project' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Subscription Required' })).toBeVisible();
    await expect(page).toHaveURL(/\/pricing$/);
    await expectProjectRefused(page, 402, 'inactive');
  });

  test('the daily limit is explained and nothing opens', async ({ page }) => {
    await signInWithDevApi(page.request, fixtureCustomers.dailyLimit);
    // Business has no period quota: only the day's cap, reached by the videos started today, stops this customer.
    const current = await expectCurrentSubscription(page, { planName: 'Business', status: 'active', canCreateProject: false, createBlockedReason: 'daily_limit' });
    expect(current.dailyVideoCount).toBeGreaterThanOrEqual(current.dailyVideoLimit);
    await page.goto('/');
    await page.getByRole('button', { name: 'Start New Project' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Daily Limit Reached' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expectProjectRefused(page, 429, 'daily_limit');
  });

  test('a customer with no plan id is sent from the dashboard to /pricing', async ({ page }) => {
    await signInWithDevApi(page.request, fixtureCustomers.noSubscription);
    await expectCurrentSubscription(page, { planId: null, planName: null, status: null, canCreateProject: false, createBlockedReason: 'no_subscription' });
    await page.goto('/');
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('alert').filter({ hasText: 'You need an active subscription' })).toBeVisible();
    await expectProjectRefused(page, 402, 'no_subscription');
  });

  test('screenshots of pricing, payment success and the subscription tab', { tag: '@screens' }, async ({ page }) => {
    test.slow();
    const shot = async (name: string) => {
      // The signed-in header loads on its own; wait for it so the picture is complete.
      await expect(page.getByRole('button', { name: 'Account menu for Sam Screens' })).toBeVisible();
      await saveScreenshot(page, name);
    };

    await signIn(page, 'screens', 'Sam Screens');
    await page.setViewportSize(desktop);
    await buyPlan(page, 'Pro');
    await shot('payment-success-desktop');

    await openPricing(page);
    await shot('pricing-desktop');
    await page.setViewportSize(phone);
    await openPricing(page);
    await shot('pricing-phone');

    await page.setViewportSize(desktop);
    await openSubscriptionTab(page);
    await shot('profile-subscription-desktop');
    await page.setViewportSize(phone);
    await openSubscriptionTab(page);
    await shot('profile-subscription-phone');
  });
});
