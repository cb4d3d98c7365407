import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { openAdminScreen, signInAsAdmin } from '../support/admin.ts';
import { expectDashboard, signInWithDevApi, uniqueEmail } from '../support/auth.ts';
import { expectLanding } from '../support/landing.ts';
import { createProjectViaApi, finishProjectViaApi, sampleScenes } from '../support/projects.ts';
import { saveScreenshot, screensRequested } from '../support/screens.ts';

const desktop = { width: 1280, height: 900 };
const phone = { width: 375, height: 812 };

/** The whole screen as one viewport (the fixed sidebar then runs the full height), without leftover toasts. */
async function shot(page: Page, name: string): Promise<void> {
  for (const close of await page.locator('.mantine-Notification-closeButton').all()) await close.click();
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  const viewport = page.viewportSize() ?? desktop;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
  await saveScreenshot(page, `admin-${name}`, { fullPage: false });
  await page.setViewportSize(viewport);
}

/** More customers (with projects) so the screenshots show full tables. */
async function seedCustomers(browser: Browser): Promise<void> {
  const people = [
    // The Free plan allows one video each.
    { name: 'Maya Patel', titles: ['Customer Testimonial — Maya'] },
    { name: 'Leo Martins', titles: ['Onboarding Walkthrough'] },
    { name: 'Ada Brooks', titles: [] },
  ];
  for (const person of people) {
    const context = await browser.newContext();
    await signInWithDevApi(context.request, { email: uniqueEmail(person.name.split(' ')[0]!.toLowerCase()), name: person.name });
    for (const title of person.titles) await createProjectViaApi(context.request, { title });
    await context.close();
  }
}

async function searchUsers(page: Page, email: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Search by email or name...' }).fill(email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Showing 1 to 1 of 1 users')).toBeVisible();
}

test.describe('Admin users', { tag: '@admin' }, () => {
  test('an admin suspends and reactivates a customer, finds both in the activity log and exports a funnel CSV', async ({ page, browser }) => {
    test.slow();
    await page.setViewportSize(desktop);

    // The customer signs in through the development sign-in in their own browser and keeps it open.
    const customer = { email: uniqueEmail('admin-target'), name: 'Casey Customer' };
    const customerContext = await browser.newContext();
    const customerPage = await customerContext.newPage();
    await signInWithDevApi(customerContext.request, customer);
    const project = await createProjectViaApi(customerContext.request, { title: 'Spring Launch Teaser' });
    await finishProjectViaApi(customerContext.request, project.id, { scenes: sampleScenes(['Meet the bottle.', 'Order today.']) });
    await customerPage.goto('/');
    await expectDashboard(customerPage, customer.name);

    await signInAsAdmin(page);
    await expect(page.getByTestId('admin-account')).toContainText('Super Admin');

    // Find the customer by e-mail.
    await openAdminScreen(page, 'Users', 'User Management');
    await searchUsers(page, customer.email);
    const row = page.getByTestId('user-row').filter({ hasText: customer.email });
    await expect(row).toContainText(customer.name);
    await expect(row).toContainText('Free');
    await expect(row).toContainText('Active');

    // Suspend: the customer's open browser is signed out on its next call.
    await row.getByRole('button', { name: `Actions for ${customer.email}` }).click();
    await page.getByRole('menuitem', { name: 'Suspend User' }).click();
    // Suspending ends the customer's sessions, so it asks first.
    await page.getByRole('dialog', { name: 'Suspend this customer?' }).getByRole('button', { name: 'Suspend and end sessions' }).click();
    await expect(page.getByText('User status updated')).toBeVisible();
    await expect(row).toContainText('Suspended');

    await customerPage.reload();
    await expectLanding(customerPage);
    await expect(customerPage.getByRole('heading', { name: 'My Projects' })).toHaveCount(0);
    expect((await customerContext.request.get('/api/auth/user')).status()).toBe(401);

    // Reactivate from the details screen.
    await row.getByRole('button', { name: `Actions for ${customer.email}` }).click();
    await page.getByRole('menuitem', { name: 'View Details' }).click();
    await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Subscription Details' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Spring Launch Teaser' })).toBeVisible();
    await page.getByRole('button', { name: 'Activate User' }).click();
    await expect(page.getByRole('button', { name: 'Suspend User' })).toBeVisible();
    if (screensRequested) await shot(page, 'user-details');

    // Both actions are in the activity log.
    await openAdminScreen(page, 'Activity', 'Activity Logs');
    await expect(page.getByTestId('activity-row').filter({ hasText: `Main Admin suspended ${customer.email}` })).toBeVisible();
    await expect(page.getByTestId('activity-row').filter({ hasText: `Main Admin activated ${customer.email}` })).toBeVisible();
    await expect(page.getByTestId('activity-row').filter({ hasText: 'Main Admin signed in to the admin portal' }).first()).toBeVisible();
    if (screensRequested) await shot(page, 'activity');

    // The project funnel exports as a CSV file.
    await openAdminScreen(page, 'Overview', 'Overview');
    await expect(page.getByRole('cell', { name: '1. Script & Scenes' })).toBeVisible();
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV of the project funnel' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^project-funnel-month-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
    expect(csv[0]).toBe('Step,Count,Unique Users,Conversion From Previous (%),Conversion From Start (%),Drop-off');
    expect(csv[1]).toMatch(/^Script & Scenes,\d+,\d+,[\d.]+,[\d.]+,\d+$/);
    expect(csv).toHaveLength(7);

    if (screensRequested) {
      await seedCustomers(browser);
      await page.reload();
      await expect(page.getByRole('cell', { name: '1. Script & Scenes' })).toBeVisible();
      await shot(page, 'dashboard');
      await openAdminScreen(page, 'Users', 'User Management');
      await expect(page.getByText(/Showing 1 to \d+ of \d+ users/)).toBeVisible();
      await shot(page, 'users');
      await openAdminScreen(page, 'Sessions', 'Session Management');
      await expect(page.getByText('Currently logged in users')).toBeVisible();
      await shot(page, 'sessions');
      await openAdminScreen(page, 'Projects', 'Project Analytics');
      await expect(page.getByText('Showing 1 to')).toBeVisible();
      await shot(page, 'projects');
      await page.setViewportSize(phone);
      await page.goto('/admin/users');
      await expect(page.getByText(/Showing 1 to \d+ of \d+ users/)).toBeVisible();
      await shot(page, 'users-phone');
    }

    await customerContext.close();
  });

  test('a stale admin token on a tRPC call ends the session with the expiry message', async ({ page }) => {
    await signInAsAdmin(page);
    // The server no longer knows this token (as after a timeout or a revoked session).
    await page.evaluate(() => window.localStorage.setItem('adminToken', 'stale-token'));
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();
    await expect(page.getByText('Session expired - please login again')).toBeVisible();
    expect(await page.evaluate(() => [window.localStorage.getItem('adminToken'), window.localStorage.getItem('adminUser')])).toEqual([null, null]);
  });
});
