import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from '../support/admin.ts';
import { signInWithDevApi, uniqueEmail } from '../support/auth.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { saveScreenshot } from '../support/screens.ts';
import { buyPlan } from '../support/billing.ts';
import { createProjectViaApi, finishProjectViaApi, sampleScenes } from '../support/projects.ts';

// The accessibility bar for the back office: every admin screen, and the dialogs and menus
// that are a main part of one, has no serious or critical axe violation (WCAG 2.1 A/AA).

const desktop = { width: 1280, height: 900 };

/** Follows a sidebar entry and waits for its screen (its heading, and its lists loaded). */
async function openScreen(page: Page, navLabel: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: navLabel, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** Types into a screen's search box and searches. */
async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: /^Search by/ }).fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.waitForLoadState('networkidle');
}

test.describe('Accessibility of the back office (axe, WCAG 2.1 A/AA)', { tag: '@admin' }, () => {
  test('every admin screen, its dialogs and menus', async ({ page, browser }) => {
    // About forty axe runs: 3.3 minutes on a busy two-core machine with the unit suites beside.
    test.setTimeout(450_000);
    await page.setViewportSize(desktop);

    // A paying customer with a finished project, so every list and dialog has something to show.
    const customer = { email: uniqueEmail('a11y-admin-target'), name: 'Alma Audit' };
    const customerContext = await browser.newContext();
    await signInWithDevApi(customerContext.request, customer);
    await buyPlan(await customerContext.newPage(), 'Starter');
    const project = await createProjectViaApi(customerContext.request, { title: 'Accessible Teaser' });
    await finishProjectViaApi(customerContext.request, project.id, { scenes: sampleScenes(['Meet the bottle.', 'Order today.']) });
    await customerContext.close();

    await page.goto('/admin/');
    await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'admin login');
    await saveScreenshot(page, 'a11y-admin-login');
    await page.getByLabel('Password').fill('not the password');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'admin login, refused');

    await signInAsAdmin(page);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page, 'overview');

    await openScreen(page, 'Users');
    await expectNoSeriousA11yViolations(page, 'users');
    await search(page, customer.email);
    const userRow = page.getByTestId('user-row').filter({ hasText: customer.email });
    await userRow.getByRole('button', { name: `Actions for ${customer.email}` }).click();
    await expect(page.getByRole('menuitem', { name: 'View Details' })).toBeVisible();
    // The red item under the pointer (as under the arrow keys): its text on its hover background.
    await page.getByRole('menuitem', { name: 'Suspend User' }).hover();
    await expectNoSeriousA11yViolations(page, 'users, row actions menu');
    await page.getByRole('menuitem', { name: 'View Details' }).click();
    await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page, 'user details');

    await openScreen(page, 'Sessions');
    await expectNoSeriousA11yViolations(page, 'sessions');

    await openScreen(page, 'Projects');
    await expectNoSeriousA11yViolations(page, 'projects');

    await openScreen(page, 'Activity');
    await expectNoSeriousA11yViolations(page, 'activity');

    await openScreen(page, 'Subscriptions');
    await expectNoSeriousA11yViolations(page, 'subscriptions');
    await search(page, customer.email);
    const subscriptionRow = page.getByTestId('subscription-row').filter({ hasText: customer.email });
    await subscriptionRow.getByRole('button', { name: 'Details' }).click();
    const details = page.getByRole('dialog', { name: 'Subscription Details' });
    await expect(details).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'subscription details dialog');
    await details.getByRole('tab', { name: 'Transactions' }).click();
    await expect(details.getByTestId('transaction-row')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'subscription details, transactions');
    await details.getByTestId('transaction-row').getByRole('button', { name: 'Refund' }).click();
    const refund = page.getByRole('dialog', { name: 'Process Refund' });
    await expect(refund).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'refund dialog');
    await refund.getByRole('button', { name: 'Cancel' }).click();
    await expect(refund).toBeHidden();
    await details.getByRole('tab', { name: 'Adjustments' }).click();
    await expectNoSeriousA11yViolations(page, 'subscription details, adjustments');
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await subscriptionRow.getByRole('button', { name: `Adjust subscription of ${customer.email}` }).click();
    const adjust = page.getByRole('dialog', { name: 'Subscription Adjustment' });
    await expect(adjust).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'adjustment dialog');
    await page.keyboard.press('Escape');
    await expect(adjust).toBeHidden();

    await openScreen(page, 'Email Settings');
    await expect(page.getByRole('row').filter({ hasText: 'payment_failed' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'email templates');
    await page.getByRole('button', { name: 'Edit payment_failed' }).click();
    const template = page.getByRole('dialog', { name: 'Edit Template' });
    await expect(template).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'edit template dialog');
    await page.keyboard.press('Escape');
    await expect(template).toBeHidden();
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    const send = page.getByRole('dialog', { name: 'Send Test Email' });
    await expect(send).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'send test e-mail dialog');
    await send.getByRole('button', { name: 'Cancel' }).click();
    await expect(send).toBeHidden();
    // Every customer's first sign-in sends a welcome e-mail (sent, or failed when no SMTP server listens): the log has rows.
    await page.getByRole('tab', { name: 'Logs' }).click();
    const viewDetails = page.getByRole('button', { name: 'View Details' });
    await expect(viewDetails.first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'email logs');
    await viewDetails.first().click();
    const logDetails = page.getByRole('dialog', { name: 'Email Log Details' });
    await expect(logDetails).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'email log details dialog');
    await page.keyboard.press('Escape');
    await expect(logDetails).toBeHidden();
    await page.getByRole('button', { name: 'Pick a date range' }).click();
    await expect(page.getByRole('button', { name: 'Apply' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'email logs, date range picker');
    await page.keyboard.press('Escape');

    await openScreen(page, 'Settings');
    await expect(page.getByTestId('admin-row').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'settings, admins');
    await page.getByRole('button', { name: 'Add Admin' }).click();
    await expect(page.getByRole('form', { name: 'Add Admin' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'settings, add admin form');
    for (const tab of ['Platform', 'AI Providers']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousA11yViolations(page, `settings, ${tab}`);
    }

    // On a phone, with the navigation open.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.getByRole('navigation', { name: 'Admin navigation' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'admin on a phone, navigation open');
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Users', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page, 'users on a phone');
    await page.setViewportSize(desktop);

    await page.goto('/admin/no-such-screen');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'admin 404');
  });
});
