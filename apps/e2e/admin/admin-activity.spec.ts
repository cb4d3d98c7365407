import { expect, test } from '@playwright/test';
import { openAdminScreenSignedIn } from '../support/admin.ts';
import { adminToken, createAdminAccount, findSubscriptionOf } from '../support/admin-api.ts';
import { signInWithDevApi, uniqueEmail } from '../support/auth.ts';
import { buyPlan } from '../support/billing.ts';
import { saveScreenshot } from '../support/screens.ts';

const desktop = { width: 1440, height: 900 };

test.describe('Admin activity log', { tag: '@admin' }, () => {
  test('reads a refund as a sentence with its details, finds it by the customer, and shows a refused attempt', async ({ page, browser, request }) => {
    test.slow();
    await page.setViewportSize(desktop);
    const customer = { email: uniqueEmail('audit-jane'), name: 'Jane Audit' };
    const customerContext = await browser.newContext();
    const customerPage = await customerContext.newPage();
    await signInWithDevApi(customerContext.request, customer);
    await buyPlan(customerPage, 'Starter');
    await customerContext.close();

    // A partial refund with a hostile reason, by the main admin; then a support admin tries one and is refused.
    const token = await adminToken(request);
    const target = await findSubscriptionOf(request, token, customer.email);
    const reason = 'duplicate charge <b>bold</b>';
    const refund = await request.post(`/api/admin/subscriptions/${target.subscriptionId}/refund`, {
      headers: { authorization: `Bearer ${token}` },
      data: { transactionId: target.transactionId, amount: 5.5, reason },
    });
    expect(refund.status()).toBe(200);
    const support = await createAdminAccount(request, 'support', uniqueEmail('audit-support'));
    const supportToken = await adminToken(request, support);
    const refused = await request.post(`/api/admin/subscriptions/${target.subscriptionId}/refund`, {
      headers: { authorization: `Bearer ${supportToken}` },
      data: { transactionId: target.transactionId, amount: 1 },
    });
    expect(refused.status()).toBe(403);

    await openAdminScreenSignedIn(page, 'Activity', 'Activity Logs');
    // Searching the customer's e-mail finds the actions taken on them, not only those they took.
    await page.getByRole('textbox', { name: 'Search by email, name, action, or resource...' }).fill(customer.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(customer.email).replace(/\./g, '\\.')}`));
    const rows = page.getByTestId('activity-row');
    await expect(rows).toHaveCount(2);
    const refundRow = rows.filter({ hasText: 'refunded' });
    await expect(refundRow.getByTestId('activity-sentence')).toHaveText(
      new RegExp(`refunded \\$5\\.50 \\(partial\\) to ${customer.email.replace(/[.+]/g, '\\$&')}'s Starter subscription — reason: 'duplicate charge <b>bold</b>'`),
    );
    // The reason's markup is shown as text, never rendered.
    await expect(page.locator('[data-testid="activity-sentence"] b')).toHaveCount(0);
    // Only a refused or failed outcome is flagged in the list; the detail panel names every outcome.
    await expect(refundRow.getByTestId('activity-outcome')).toHaveCount(0);
    await expect(refundRow.getByTestId('activity-customer')).toHaveAttribute('href', `/admin/users/${target.userId}`);
    const refusedRow = rows.filter({ hasText: 'was refused' });
    await expect(refusedRow.getByTestId('activity-sentence')).toHaveText(
      `Sam Support was refused: tried to refund a payment for ${customer.email}, which the support role does not allow`,
    );
    await expect(refusedRow.getByTestId('activity-outcome')).toHaveText('Refused');
    await saveScreenshot(page, 'admin-activity-sentences');

    // The refund's detail panel shows every field.
    await refundRow.getByTestId('activity-sentence').click();
    const drawer = page.getByRole('dialog', { name: 'Activity details' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('audit-detail-sentence')).toContainText('refunded $5.50 (partial)');
    for (const label of ['Time', 'Actor', 'Action', 'Outcome', 'Customer', 'Target', 'IP address']) {
      await expect(drawer.getByRole('rowheader', { name: label, exact: true })).toBeVisible();
    }
    await expect(drawer).toContainText('subscription_refund');
    await expect(drawer).toContainText('Succeeded');
    const fields = drawer.getByTestId('audit-detail-fields');
    await expect(fields.getByRole('row', { name: /Refund type/ })).toContainText('partial');
    await expect(fields.getByRole('row', { name: 'Amount 5.5', exact: true })).toBeVisible();
    await expect(fields.getByRole('row', { name: /^Reason / })).toContainText(reason);
    await expect(fields.getByRole('row', { name: /Plan name/ })).toContainText('Starter');
    const customerLink = drawer.getByRole('link', { name: new RegExp(customer.email.replace(/[.+]/g, '\\$&')) });
    await expect(customerLink).toHaveAttribute('href', `/admin/users/${target.userId}`);
    await saveScreenshot(page, 'admin-activity-detail');
    await customerLink.click();
    await expect(page).toHaveURL(new RegExp(`/admin/users/${target.userId}$`));
    await expect(page.getByText(customer.email).first()).toBeVisible();

    // Back returns to the searched log; the outcome filter narrows it to the refused attempt.
    await page.goBack();
    await expect(page.getByTestId('activity-row')).toHaveCount(2);
    await page.getByRole('combobox', { name: 'Outcome' }).click();
    await page.getByRole('option', { name: 'Refused' }).click();
    await expect(page).toHaveURL(/outcome=refused/);
    await expect(page.getByTestId('activity-row')).toHaveCount(1);
    await expect(page.getByTestId('activity-row')).toContainText('was refused');
  });
});
