import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { openAdminScreen, openAdminScreenSignedIn } from '../support/admin.ts';
import { signInWithDevApi, uniqueEmail } from '../support/auth.ts';
import { buyPlan } from '../support/billing.ts';
import { e2eAdmin } from '../support/env.ts';
import { fixtureShares } from '../support/fixtures.ts';
import { saveScreenshot, screensRequested } from '../support/screens.ts';

const desktop = { width: 1280, height: 900 };

async function apiToken(request: APIRequestContext, admin: { email: string; password: string } = e2eAdmin): Promise<string> {
  const res = await request.post('/api/admin/login', { data: admin });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).token as string;
}

/** A support admin made by the main admin (a superadmin) through the API. */
async function supportAdmin(request: APIRequestContext): Promise<{ email: string; password: string }> {
  const account = { email: uniqueEmail('support-admin'), password: 'Support-Passw0rd!x' };
  const res = await request.post('/api/admin/admins', {
    headers: { authorization: `Bearer ${await apiToken(request)}` },
    data: { ...account, firstName: 'Sam', lastName: 'Support', role: 'support' },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return account;
}

/** A customer who bought Starter through the local test checkout in their own browser. */
async function payingCustomer(browser: Browser, name: string): Promise<string> {
  const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithDevApi(context.request, { email, name });
  await buyPlan(page, 'Starter');
  await context.close();
  return email;
}

async function openSubscriptionOf(page: Page, email: string): Promise<{ row: Locator; details: Locator }> {
  await openAdminScreen(page, 'Subscriptions', 'Subscriptions');
  await page.getByRole('textbox', { name: 'Search by email or name...' }).fill(email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByTestId('subscription-row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Details' }).click();
  return { row, details: page.getByRole('dialog', { name: 'Subscription Details' }) };
}

/** Whether an element's text is cut (ellipsis or hidden overflow). */
function isCut(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
}

/** A picture for docs/screens without leftover toasts (they would cover the header). */
async function shot(page: Page, name: string): Promise<void> {
  if (!screensRequested) return;
  for (const close of await page.locator('.mantine-Notification-closeButton').all()) await close.click();
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await saveScreenshot(page, name, { fullPage: false });
}

test.describe('Admin fixes', { tag: '@admin' }, () => {
  test('a video downloaded from User details is named by the project title, not a hash', async ({ page }) => {
    await page.setViewportSize(desktop);
    const share = fixtureShares.single;
    await openAdminScreenSignedIn(page, 'Users', 'User Management');
    await page.getByRole('textbox', { name: 'Search by email or name...' }).fill(share.owner.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByTestId('user-row').filter({ hasText: share.owner.email });
    await row.getByRole('button', { name: `Actions for ${share.owner.email}` }).click();
    await page.getByRole('menuitem', { name: 'View Details' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: `Download ${share.title}` }).click();
    const download = await downloading;
    // 'Launch: Final Cut' → the colon is not allowed in file names.
    expect(download.suggestedFilename()).toBe('Launch Final Cut.mp4');
    const response = await page.request.get(new URL(download.url()).pathname + new URL(download.url()).search);
    expect(response.headers()['content-disposition']).toBe(`attachment; filename="Launch Final Cut.mp4"; filename*=UTF-8''Launch%20Final%20Cut.mp4`);
  });

  test('suspending asks first: Cancel changes nothing, confirming suspends', async ({ page, browser }) => {
    await page.setViewportSize(desktop);
    const email = uniqueEmail('suspend-confirm');
    const context = await browser.newContext();
    await signInWithDevApi(context.request, { email, name: 'Sue Spend' });
    await openAdminScreenSignedIn(page, 'Users', 'User Management');
    await page.getByRole('textbox', { name: 'Search by email or name...' }).fill(email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByTestId('user-row').filter({ hasText: email });
    await row.getByRole('button', { name: `Actions for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'View Details' }).click();
    await page.getByRole('button', { name: 'Suspend User' }).click();
    const confirm = page.getByRole('dialog', { name: 'Suspend this customer?' });
    await expect(confirm).toContainText('all of their sessions will end');
    await expect(confirm).toContainText(email);
    await shot(page, 'admin-suspend-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('button', { name: 'Suspend User' })).toBeVisible();
    expect((await context.request.get('/api/auth/user')).status()).toBe(200);

    await page.getByRole('button', { name: 'Suspend User' }).click();
    await confirm.getByRole('button', { name: 'Suspend and end sessions' }).click();
    await expect(page.getByRole('button', { name: 'Activate User' })).toBeVisible();
    expect((await context.request.get('/api/auth/user')).status()).toBe(401);
    // Activating needs no confirmation.
    await page.getByRole('button', { name: 'Activate User' }).click();
    await expect(page.getByRole('button', { name: 'Suspend User' })).toBeVisible();
    await expect(confirm).toBeHidden();
    await context.close();
  });

  test('a refund is prefilled with what is left, refuses more with a message, and refunding all of it ends the subscription', async ({ page, browser }) => {
    test.slow();
    await page.setViewportSize(desktop);
    const email = await payingCustomer(browser, 'Rhea Refund');
    await openAdminScreenSignedIn(page, 'Subscriptions', 'Subscriptions');
    const { row, details } = await openSubscriptionOf(page, email);
    await details.getByRole('tab', { name: 'Transactions' }).click();
    const payment = details.getByTestId('transaction-row');
    await payment.getByRole('button', { name: 'Refund' }).click();
    const refund = page.getByRole('dialog', { name: 'Process Refund' });
    const amount = refund.getByLabel('Refund amount');
    await expect(amount).toHaveValue('$19.00');
    await amount.fill('25');
    await expect(refund.getByText('The refund cannot exceed what remains to refund (19.00 USD).')).toBeVisible();
    await expect(refund.getByRole('button', { name: 'Process Refund' })).toBeDisabled();
    // The value typed stays (not silently cut to the maximum or blanked).
    await expect(amount).toHaveValue(/^\$25(\.00)?$/);
    await shot(page, 'admin-refund-dialog');
    await amount.fill('4.50');
    await expect(refund.getByText('The refund cannot exceed')).toBeHidden();
    await refund.getByRole('button', { name: 'Process Refund' }).click();
    await expect(refund).toBeHidden();
    await expect(payment).toContainText('Refunded $4.50');
    const badge = payment.locator('.mantine-Badge-root');
    await expect(badge).toHaveText(/partially refunded/i);
    expect(await isCut(badge.locator('.mantine-Badge-label'))).toBe(false);
    expect(await isCut(badge)).toBe(false);
    await shot(page, 'admin-refund-badge');

    // The rest: prefilled with the 14.50 left.
    await payment.getByRole('button', { name: 'Refund' }).click();
    await expect(amount).toHaveValue('$14.50');
    await refund.getByRole('button', { name: 'Process Refund' }).click();
    await expect(refund).toBeHidden();
    await expect(payment.getByRole('button', { name: 'Refund' })).toHaveCount(0);
    await details.getByRole('tab', { name: 'Overview' }).click();
    await expect(details.getByText('Subscription Cancelled')).toBeVisible();
    await expect(details.getByText('Currently Active')).toHaveCount(0);
    await shot(page, 'admin-subscription-refunded');
    await page.keyboard.press('Escape');
    await expect(row).toContainText('Canceled');
    await expect(row).not.toContainText('Active');
  });

  test('an admin cancels a subscription after confirming; support cannot', async ({ page, browser }) => {
    test.slow();
    await page.setViewportSize(desktop);
    const email = await payingCustomer(browser, 'Cora Cancel');
    await openAdminScreenSignedIn(page, 'Subscriptions', 'Subscriptions');
    const { row, details } = await openSubscriptionOf(page, email);
    await details.getByRole('button', { name: 'Cancel subscription' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel subscription?' });
    await expect(confirm).toContainText(email);
    await expect(confirm.getByRole('radio', { name: /At the end of the paid period/ })).toBeChecked();
    await confirm.getByRole('button', { name: 'Keep subscription' }).click();
    await expect(confirm).toBeHidden();
    await expect(details.getByText('Currently Active')).toBeVisible();
    await details.getByRole('button', { name: 'Cancel subscription' }).click();
    await confirm.getByLabel('Reason (optional)').fill('Asked by e-mail');
    await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(page.getByText('The subscription will end at the end of its paid period.')).toBeVisible();
    await expect(details.getByText('Subscription Cancelled')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(row).toContainText('Canceled');

    // Support sees subscriptions but no Cancel (and the server refuses it).
    const support = await supportAdmin(page.request);
    const supportContext = await browser.newContext();
    const supportPage = await supportContext.newPage();
    await supportPage.setViewportSize(desktop);
    await openAdminScreenSignedIn(supportPage, 'Subscriptions', 'Subscriptions', support);
    const other = await openSubscriptionOf(supportPage, email);
    await expect(other.details.getByText('Subscription Cancelled')).toBeVisible();
    await expect(other.details.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
    const token = await apiToken(supportPage.request, support);
    const list = await (await supportPage.request.get(`/api/admin/subscriptions?search=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${token}` } })).json();
    const refused = await supportPage.request.post(`/api/admin/subscriptions/${list.data[0].id}/cancel`, { headers: { authorization: `Bearer ${token}` }, data: { when: 'now' } });
    expect(refused.status()).toBe(403);
    await supportContext.close();
  });

  test('the e-mail log wraps addresses at their joints and a failed mail reads "not sent" in the list and details', async ({ page }) => {
    await page.setViewportSize(desktop);
    // No SMTP server listens on this run's sink port (only the e-mail spec starts one), so the send fails.
    const stamp = Date.now().toString(36);
    const recipient = `someone.with.a.really-long-address-${stamp}@customer-mail.example-company.co.uk`;
    const token = await apiToken(page.request);
    const sent = await page.request.post('/api/admin/email/send-test', { headers: { authorization: `Bearer ${token}` }, data: { templateName: 'welcome', recipientEmail: recipient } });
    expect(sent.status(), await sent.text()).toBeLessThan(500);

    await openAdminScreenSignedIn(page, 'Email Settings', 'Email Settings');
    await page.getByRole('tab', { name: 'Logs' }).click();
    await page.getByRole('textbox', { name: 'Search by email or subject...' }).fill(stamp);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const cell = page.getByTestId('log-recipient').filter({ hasText: stamp });
    await expect(cell).toHaveCount(1);
    await expect(cell).toHaveText(recipient);
    // Breaks are offered only at the address's joints; no mid-word breaking rule.
    expect(await cell.evaluate((el) => getComputedStyle(el).wordBreak)).not.toBe('break-all');
    expect(await cell.locator('wbr').count()).toBeGreaterThan(3);
    const row = page.getByRole('row').filter({ has: cell });
    const failed = (await row.textContent())?.includes('Failed') ?? false;
    if (failed) await expect(row).toContainText('Created date (not sent)');
    await shot(page, 'admin-email-log');
    await row.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Email Log Details' });
    if (failed) {
      await expect(dialog).toContainText('(not sent)');
      await expect(dialog).not.toContainText('(pending)');
    }
    expect(failed, 'the test send failed as no SMTP server listens').toBe(true);
  });

  test('a support admin reads a template but cannot edit it or send a test', async ({ page }) => {
    await page.setViewportSize(desktop);
    const support = await supportAdmin(page.request);
    await openAdminScreenSignedIn(page, 'Email Settings', 'Email Settings', support);
    await expect(page.getByRole('button', { name: 'Add Template' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send Test Email' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await page.getByRole('button', { name: 'View welcome' }).click();
    const view = page.getByRole('dialog', { name: 'View Template' });
    await expect(view.getByTestId('template-html')).not.toBeEmpty();
    await expect(view).toContainText('welcome');
    await view.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(view).toBeHidden();
  });

  test('failed sign-ins show one toast at a time', async ({ page }) => {
    await page.goto('/admin/');
    await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();
    await page.getByLabel(/^Email/).fill(uniqueEmail('nobody-admin'));
    await page.getByLabel(/^Password/).fill('Wrong-passw0rd!');
    for (let i = 0; i < 4; i += 1) {
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.locator('.mantine-Notification-root')).toHaveCount(1);
    }
    await page.waitForTimeout(500);
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(1);
  });
});
