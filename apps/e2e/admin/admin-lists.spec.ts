import { readFileSync } from 'node:fs';
import { expect, test, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { openAdminScreen, openAdminScreenSignedIn } from '../support/admin.ts';
import { signInWithDevApi, uniqueEmail } from '../support/auth.ts';
import { buyPlan } from '../support/billing.ts';
import { createProjectViaApi } from '../support/projects.ts';
import { saveScreenshot } from '../support/screens.ts';

const desktop = { width: 1440, height: 900 };

/** Clicks an Export CSV button and answers the saved file's name and lines. */
async function exportCsv(page: Page, label: string): Promise<{ name: string; lines: string[] }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: label }).click();
  const download = await downloading;
  return { name: download.suggestedFilename(), lines: readFileSync(await download.path(), 'utf8').split('\r\n') };
}

/** Customers who signed up (the development sign-in) through an API context of their own. */
async function signUp(playwright: PlaywrightWorkerArgs['playwright'], ...customers: { email: string; name: string }[]): Promise<void> {
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  for (const customer of customers) await signInWithDevApi(api, customer);
  await api.dispose();
}

async function search(page: Page, placeholder: string, text: string): Promise<void> {
  await page.getByRole('textbox', { name: placeholder }).fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

test.describe('Admin lists: sort, URL state, customer links and CSV exports', { tag: '@admin' }, () => {
  test('users sort on the server; search, sort and page stay in the URL across reload and back; the list exports as CSV', async ({ page, playwright }) => {
    test.slow();
    await page.setViewportSize(desktop);
    // Twelve customers sharing a tag, so the filtered list has two pages of ten.
    const tag = uniqueEmail('lists').split('@')[0]!;
    const emails = Array.from({ length: 12 }, (_, i) => `${tag}-${String(i).padStart(2, '0')}@example.com`);
    await signUp(playwright, ...emails.map((email, i) => ({ email, name: i === 4 ? '=HYPERLINK("http://evil.example") Eve' : `List User ${i}` })));

    await openAdminScreenSignedIn(page, 'Users', 'User Management');
    await search(page, 'Search by email or name...', tag);
    await expect(page.getByTestId('user-row')).toHaveCount(10);
    await page.getByTestId('sort-email').click();
    await expect(page).toHaveURL(/sort=email&dir=asc/);
    await expect(page.getByRole('columnheader', { name: 'User' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByTestId('user-row').first()).toContainText(emails[0]!);
    await page.getByTestId('sort-email').click();
    await expect(page).toHaveURL(/sort=email&dir=desc/);
    await expect(page.getByTestId('user-row').first()).toContainText(emails[11]!);
    await saveScreenshot(page, 'admin-users-sorted');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(new RegExp(`q=${tag}&sort=email&dir=desc&page=2`));
    await expect(page.getByTestId('user-row')).toHaveCount(2);
    await expect(page.getByTestId('user-row').first()).toContainText(emails[1]!);

    // A reload keeps search, sort and page.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    await expect(page.getByTestId('user-row')).toHaveCount(2);
    await expect(page.getByTestId('user-row').last()).toContainText(emails[0]!);
    await expect(page.getByRole('textbox', { name: 'Search by email or name...' })).toHaveValue(tag);
    await expect(page.getByText('Showing 11 to 12 of 12 users')).toBeVisible();
    // Back steps to page 1 of the same view.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`q=${tag}&sort=email&dir=desc$`));
    await expect(page.getByTestId('user-row')).toHaveCount(10);
    await expect(page.getByTestId('user-row').first()).toContainText(emails[11]!);

    // The export holds the whole filtered, sorted list (both pages), with a formula neutralised.
    const users = await exportCsv(page, 'Export CSV of users');
    expect(users.name).toMatch(/^reelsmith-users-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(users.lines[0]).toBe('Id,Name,Email,Status,Plan,Subscription status,Projects,Joined,Last login');
    expect(users.lines).toHaveLength(13);
    expect(users.lines.slice(1).map((l) => l.match(/[a-z0-9.-]+@example\.com/)?.[0])).toEqual([...emails].reverse());
    expect(users.lines.find((l) => l.includes(emails[4]!))).toContain(`"'=HYPERLINK(""http://evil.example"") Eve"`);

    // Each export is audited; the activity export holds it, as a sentence.
    await openAdminScreen(page, 'Activity', 'Activity Logs');
    await page.getByRole('combobox', { name: 'Action type' }).click();
    await page.getByRole('option', { name: 'Database' }).click();
    await expect(page.getByTestId('activity-sentence').first()).toContainText('exported 12 users to CSV');
    const activity = await exportCsv(page, 'Export CSV of activity');
    expect(activity.name).toMatch(/^reelsmith-activity-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(activity.lines[0]).toBe('Time,Actor,Actor email,Action,Sentence,Customer,Outcome,Severity,IP address,Resource type,Resource id,Details');
    expect(activity.lines.some((l) => l.includes('users_export') && l.includes('exported 12 users to CSV'))).toBe(true);
    expect(activity.lines.slice(1).every((l) => /_export,/.test(l))).toBe(true);
  });

  test('subscription and project rows lead to their customer; both lists sort and export as CSV', async ({ page, browser }) => {
    test.slow();
    await page.setViewportSize(desktop);
    const customer = { email: uniqueEmail('lists-sub'), name: 'Sally Subscriber' };
    const customerContext = await browser.newContext();
    const customerPage = await customerContext.newPage();
    await signInWithDevApi(customerContext.request, customer);
    await buyPlan(customerPage, 'Starter');
    await createProjectViaApi(customerContext.request, { title: 'Zeta reel' });
    await createProjectViaApi(customerContext.request, { title: 'Alpha reel' });
    await customerContext.close();

    await openAdminScreenSignedIn(page, 'Subscriptions', 'Subscriptions');
    await page.getByTestId('sort-start').click();
    await expect(page).toHaveURL(/sort=start&dir=asc/);
    await expect(page.getByRole('columnheader', { name: 'Start Date' })).toHaveAttribute('aria-sort', 'ascending');
    await saveScreenshot(page, 'admin-subscriptions-sorted');
    await search(page, 'Search by email or name...', customer.email);
    await expect(page).toHaveURL(/q=.*sort=start&dir=asc/);
    await expect(page.getByTestId('subscription-row')).toHaveCount(1);
    const subscriptions = await exportCsv(page, 'Export CSV of subscriptions');
    expect(subscriptions.lines[0]).toBe('Id,Customer,Email,Plan,Billing,Price,Currency,Status,Start,End,Bonus credits');
    expect(subscriptions.lines).toHaveLength(2);
    expect(subscriptions.lines[1]).toContain(`Sally Subscriber,${customer.email},Starter,monthly,19.00,USD,active`);
    await page.getByTestId('subscription-customer').click();
    await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Sally Subscriber' })).toBeVisible();

    await openAdminScreen(page, 'Projects', 'Project Analytics');
    await search(page, 'Search by title or user email...', customer.email);
    await page.getByTestId('sort-title').click();
    await expect(page).toHaveURL(/sort=title&dir=asc/);
    await expect(page.getByTestId('project-row')).toHaveCount(2);
    await expect(page.getByTestId('project-row').first()).toContainText('Alpha reel');
    await page.getByTestId('sort-title').click();
    await expect(page.getByTestId('project-row').first()).toContainText('Zeta reel');
    await saveScreenshot(page, 'admin-projects-sorted');
    const projects = await exportCsv(page, 'Export CSV of projects');
    expect(projects.lines[0]).toBe('Id,Title,Customer,Email,Status,Industry,Visibility,Created,AI cost (USD)');
    expect(projects.lines.slice(1).map((l) => l.split(',')[1])).toEqual(['Zeta reel', 'Alpha reel']);
    await page.getByTestId('project-customer').first().click();
    await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Sally Subscriber' })).toBeVisible();
  });

  test('the e-mail log keeps its tab, status filter and sort in the URL', async ({ page, playwright }) => {
    await page.setViewportSize(desktop);
    // A new customer's welcome e-mail, so the log has a row to sort.
    await signUp(playwright, { email: uniqueEmail('lists-mail'), name: 'Mel Mail' });
    await openAdminScreenSignedIn(page, 'Email Settings', 'Email Settings');
    await page.getByRole('tab', { name: 'Logs' }).click();
    await expect(page).toHaveURL(/tab=logs/);
    await page.getByTestId('sort-recipient').click();
    await expect(page).toHaveURL(/tab=logs&sort=recipient&dir=asc/);
    await expect(page.getByRole('columnheader', { name: 'Recipient Email' })).toHaveAttribute('aria-sort', 'ascending');
    await saveScreenshot(page, 'admin-email-logs-sorted');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Bounced', exact: true }).click();
    await expect(page).toHaveURL(/tab=logs&status=bounced&sort=recipient&dir=asc/);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Logs' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Bounced');
    await page.goBack();
    await expect(page).toHaveURL(/tab=logs&sort=recipient&dir=asc$/);
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('All Status');
    await expect(page.getByRole('columnheader', { name: 'Recipient Email' })).toHaveAttribute('aria-sort', 'ascending');
  });

  test('on a busy machine, a second click starts from the first: sorting twice flips, a sort keeps the search just made', async ({ page, playwright }) => {
    // A twentyfold slower browser on a machine that may be busy itself.
    test.slow();
    await page.setViewportSize(desktop);
    const customer = { email: uniqueEmail('lists-busy'), name: 'Bea Busy' };
    await signUp(playwright, customer);
    await openAdminScreenSignedIn(page, 'Users', 'User Management');
    await expect(page.getByTestId('user-row').first()).toBeVisible();
    // The browser's CPU slowed twentyfold, as on a weak laptop: a render lags behind the URL it follows.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await page.getByTestId('sort-email').click();
    await page.getByTestId('sort-email').click();
    await expect(page).toHaveURL(/sort=email&dir=desc$/);
    await page.getByRole('textbox', { name: 'Search by email or name...' }).fill(customer.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByTestId('sort-joined').click();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await expect.poll(() => new URL(page.url()).search).toBe(`?${new URLSearchParams({ q: customer.email, sort: 'joined', dir: 'asc' })}`);
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await expect(page.getByTestId('user-row')).toContainText(customer.email);
  });

  test('active sessions sort by a column kept in the URL, and a session leads to its customer', async ({ page, playwright }) => {
    await page.setViewportSize(desktop);
    const customer = { email: uniqueEmail('lists-session'), name: 'Sid Session' };
    await signUp(playwright, customer);
    await openAdminScreenSignedIn(page, 'Sessions', 'Session Management');
    await page.getByTestId('sort-login').click();
    await expect(page).toHaveURL(/sort=login&dir=asc/);
    await page.getByTestId('sort-login').click();
    await expect(page).toHaveURL(/sort=login&dir=desc/);
    await page.reload();
    // The Active Sessions table comes first (the Recent one has a Login Time column too).
    await expect(page.getByRole('columnheader', { name: 'Login Time' }).first()).toHaveAttribute('aria-sort', 'descending');
    await saveScreenshot(page, 'admin-sessions-sorted');
    await page.getByRole('link', { name: 'Sid Session' }).first().click();
    await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Sid Session' })).toBeVisible();
  });
});
