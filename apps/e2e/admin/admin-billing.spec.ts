import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { openAdminScreen, openAdminScreenSignedIn } from '../support/admin.ts';
import { signInWithDevApi, uniqueEmail } from '../support/auth.ts';
import { buyPlan } from '../support/billing.ts';
import { saveScreenshot, screensRequested } from '../support/screens.ts';

const desktop = { width: 1280, height: 900 };
const dayMs = 24 * 3600_000;

const shot = (page: Page, name: string) => saveScreenshot(page, `admin-${name}`);

/** Turns maintenance mode off through the API with the admin's token, whatever state the UI is in. */
async function restoreMaintenanceOff(request: APIRequestContext, token: string | null): Promise<void> {
  if (!token) return;
  const headers = { authorization: `Bearer ${token}` };
  const settings = await (await request.get('/api/admin/settings', { headers })).json();
  if (!settings.features?.maintenanceMode) return;
  const res = await request.post('/api/admin/settings', { headers, data: { ...settings, features: { ...settings.features, maintenanceMode: false } } });
  expect(res.status()).toBe(200);
}

test.describe('Admin billing and settings', { tag: '@admin' }, () => {
  test('an admin refunds part of a payment and extends a subscription', async ({ page, browser }) => {
    test.slow();
    await page.setViewportSize(desktop);

    // A paying customer: the Starter plan bought through the local test checkout.
    const customer = { email: uniqueEmail('billing-target'), name: 'Paula Payer' };
    const customerContext = await browser.newContext();
    const customerPage = await customerContext.newPage();
    await signInWithDevApi(customerContext.request, customer);
    await buyPlan(customerPage, 'Starter');

    await openAdminScreenSignedIn(page, 'Subscriptions', 'Subscriptions');
    await page.getByRole('textbox', { name: 'Search by email or name...' }).fill(customer.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByTestId('subscription-row').filter({ hasText: customer.email });
    await expect(row).toHaveCount(1);
    await expect(page.getByTestId('subscription-row')).toHaveCount(1);
    await expect(row).toContainText('Paula Payer');
    await expect(row).toContainText('Starter');
    await expect(row).toContainText('$19.00/month');
    await expect(row).toContainText('Active');
    if (screensRequested) {
      // The screen as a person would look at it: every subscription, not the search.
      await page.getByRole('textbox', { name: 'Search by email or name...' }).fill('');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page.getByTestId('subscription-row').first()).toBeVisible();
      await shot(page, 'subscriptions');
      await page.getByRole('textbox', { name: 'Search by email or name...' }).fill(customer.email);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page.getByTestId('subscription-row')).toHaveCount(1);
    }

    // Refund part of the payment from the Details dialog's Transactions tab.
    await row.getByRole('button', { name: 'Details' }).click();
    const details = page.getByRole('dialog', { name: 'Subscription Details' });
    await expect(details.getByText('Currently Active')).toBeVisible();
    await details.getByRole('tab', { name: 'Transactions' }).click();
    const payment = details.getByTestId('transaction-row');
    await expect(payment).toContainText('$19.00 USD');
    await payment.getByRole('button', { name: 'Refund' }).click();
    const refund = page.getByRole('dialog', { name: 'Process Refund' });
    await expect(refund.getByText('cannot be undone')).toBeVisible();
    // Prefilled with what is left to refund (all of it).
    await expect(refund.getByLabel('Refund amount')).toHaveValue('$19.00');
    await refund.getByLabel('Refund amount').fill('5.50');
    await refund.getByLabel('Reason (optional)').fill('Goodwill for a slow render');
    await refund.getByRole('button', { name: 'Process Refund' }).click();
    await expect(page.getByText('The refund has been successfully processed.')).toBeVisible();
    await expect(refund).toBeHidden();
    await expect(payment).toContainText('Refunded $5.50');
    await expect(payment).toContainText('partially refunded');
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    // Extend the subscription by 10 days: the end date moves.
    const endBefore = Date.parse((await row.getByTestId('subscription-end').textContent()) ?? '');
    expect(Number.isNaN(endBefore)).toBe(false);
    await row.getByRole('button', { name: `Adjust subscription of ${customer.email}` }).click();
    const adjust = page.getByRole('dialog', { name: 'Subscription Adjustment' });
    await adjust.getByLabel('Days to extend').fill('10');
    await adjust.getByLabel('Reason (optional)').fill('Outage compensation');
    await expect(adjust.getByText('19/200 characters')).toBeVisible();
    await adjust.getByRole('button', { name: 'Apply Adjustment' }).click();
    await expect(page.getByText('The subscription adjustment has been successfully applied.')).toBeVisible();
    await expect(adjust).toBeHidden();
    await expect
      .poll(async () => Math.round((Date.parse((await row.getByTestId('subscription-end').textContent()) ?? '') - endBefore) / dayMs))
      .toBe(10);
    await row.getByRole('button', { name: 'Details' }).click();
    await details.getByRole('tab', { name: 'Adjustments' }).click();
    await expect(details.getByTestId('adjustment-row')).toContainText('Extend Subscription');
    await expect(details.getByTestId('adjustment-row')).toContainText('Outage compensation');
    await page.keyboard.press('Escape');

    // System Settings: the Admins tab lists the main admin without a delete button.
    await openAdminScreen(page, 'Settings', 'System Settings');
    const mainAdmin = page.getByTestId('admin-row').filter({ hasText: 'e2e-admin@example.com' });
    await expect(mainAdmin).toContainText('Role: superadmin');
    await expect(mainAdmin).toContainText('Active');
    await expect(mainAdmin.getByRole('button', { name: /Delete/ })).toHaveCount(0);

    // Add a support admin with the inline form (Name split at the first space), then delete them.
    const helper = { email: uniqueEmail('support-admin'), name: 'Sam Support Lead' };
    await page.getByRole('button', { name: 'Add Admin' }).click();
    const form = page.getByRole('form', { name: 'Add Admin' });
    await form.getByLabel('Name').fill(helper.name);
    await form.getByLabel('Email').fill(helper.email);
    await expect(form.getByPlaceholder('Strong password')).toBeVisible();
    await form.getByRole('textbox', { name: 'Password' }).fill('Support-Passw0rd!');
    await form.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Support' }).click();
    await form.getByRole('button', { name: 'Add Admin' }).click();
    await expect(page.getByText('New admin user has been created successfully.')).toBeVisible();
    const helperRow = page.getByTestId('admin-row').filter({ hasText: helper.email });
    await expect(helperRow).toContainText('Sam Support Lead');
    await expect(helperRow).toContainText('Role: support');
    if (screensRequested) {
      await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 30_000 });
      await shot(page, 'settings');
    }
    await helperRow.getByRole('button', { name: `Delete ${helper.email}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete admin' });
    await expect(confirm).toContainText('Are you sure you want to delete this admin user?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Admin user has been removed.')).toBeVisible();
    await expect(helperRow).toHaveCount(0);

    await customerContext.close();
  });

  // Maintenance mode stops every customer on the server, so this runs on its own, after the parallel
  // specs (the 'exclusive' project in playwright.config.ts), and always switches it off again.
  test('maintenance mode stops customer work until the admin switches it off', { tag: '@exclusive' }, async ({ page, browser }) => {
    test.slow();
    await page.setViewportSize(desktop);
    const customerContext = await browser.newContext();
    const customerPage = await customerContext.newPage();
    await signInWithDevApi(customerContext.request, { email: uniqueEmail('maintenance'), name: 'Mia Maintained' });
    await openAdminScreenSignedIn(page, 'Settings', 'System Settings');
    const token = await page.evaluate(() => window.localStorage.getItem('adminToken'));
    try {
      await page.getByRole('tab', { name: 'Platform' }).click();
      await page.getByRole('switch', { name: 'Maintenance mode' }).check();
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await expect(page.getByText('System settings have been updated successfully.')).toBeVisible();

      await customerPage.goto('/');
      await expect(customerPage.getByRole('heading', { level: 1, name: "We'll be right back" })).toBeVisible();
      await expect(customerPage.getByText('Reelsmith is down for maintenance. Please try again later.')).toBeVisible();
      const refused = await customerContext.request.post('/api/projects', { data: {} });
      expect(refused.status()).toBe(503);
      expect((await refused.json()).error).toBe('Reelsmith is down for maintenance. Please try again later.');

      await page.getByRole('switch', { name: 'Maintenance mode' }).uncheck();
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await expect(page.getByText('System settings have been updated successfully.').first()).toBeVisible();
      await expect.poll(async () => (await (await customerContext.request.get('/api/platform/status')).json()).maintenanceMode).toBe(false);
      await customerPage.goto('/');
      await expect(customerPage.getByRole('heading', { name: 'My Projects' })).toBeVisible();
    } finally {
      await restoreMaintenanceOff(page.request, token);
    }
    await customerContext.close();
  });
});
