import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from '../support/admin.ts';
import { signInWithDevApi, uniqueEmail } from '../support/auth.ts';
import { saveScreenshot, screensRequested } from '../support/screens.ts';

const desktop = { width: 1280, height: 1000 };
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Every chart has drawn its plot (recharts' svg) and says what it covers. */
async function expectChartsFor(page: Page, covers: RegExp): Promise<void> {
  for (const key of ['signups', 'revenue', 'projects', 'videos']) {
    const chart = page.getByTestId(`chart-${key}`);
    await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
    await expect(chart).toContainText(covers);
  }
}

test.describe('Admin overview charts', { tag: '@admin' }, () => {
  test('charts render for a preset and a custom range, and the address keeps the range across a reload', async ({ page, browser }) => {
    test.slow();
    await page.setViewportSize(desktop);
    // A signup today, so the default range has something to count.
    const context = await browser.newContext();
    await signInWithDevApi(context.request, { email: uniqueEmail('overview-signup'), name: 'Olly Overview' });
    await context.close();

    await signInAsAdmin(page);
    await expect(page.getByTestId('overview-charts')).toBeVisible();
    await expectChartsFor(page, /per day/);
    await expect(page.getByTestId('chart-signups')).toContainText(/[1-9]\d* in total/);

    // A preset goes into the address and survives a reload.
    await page.getByRole('combobox', { name: 'Range', exact: true }).click();
    await page.getByRole('option', { name: 'Last 90 days' }).click();
    await expect(page).toHaveURL(/[?&]range=90d/);
    await expectChartsFor(page, /per day/);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Range', exact: true })).toHaveValue('Last 90 days');
    await expect(page).toHaveURL(/[?&]range=90d/);

    // A custom range picked in the two-month calendar: the 1st to the 10th of last month.
    await page.getByRole('combobox', { name: 'Range', exact: true }).click();
    await page.getByRole('option', { name: 'Custom range' }).click();
    await page.getByRole('button', { name: 'Custom range' }).click();
    const days = page.locator('.mantine-DatePickerInput-day:not([data-outside]):not([data-disabled])');
    await days.nth(0).click();
    await days.nth(9).click();
    const now = new Date();
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const tenth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10));
    await expect(page).toHaveURL(new RegExp(`from=${isoDay(first)}&to=${isoDay(tenth)}`));
    await expectChartsFor(page, /per day/);
    const month = first.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
    await expect(page.getByTestId('chart-signups')).toContainText(`per day, ${month} 1, ${first.getUTCFullYear()} – ${month} 10, ${first.getUTCFullYear()}`);
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`from=${isoDay(first)}&to=${isoDay(tenth)}`));
    await expect(page.getByRole('combobox', { name: 'Range', exact: true })).toHaveValue('Custom range');
    await expectChartsFor(page, /per day/);

    // A long range is charted per week; two years per month.
    const yearAgo = new Date(now.getTime() - 300 * 86_400_000);
    await page.goto(`/admin/dashboard?from=${isoDay(yearAgo)}&to=${isoDay(now)}`);
    await expectChartsFor(page, /per week/);
    if (screensRequested) {
      await page.goto(`/admin/dashboard?range=30d`);
      await expectChartsFor(page, /per day/);
      // The whole screen as one viewport, so the fixed sidebar runs the full height.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width: desktop.width, height: Math.max(desktop.height, height) });
      await saveScreenshot(page, 'admin-overview-charts', { fullPage: false });
      await page.setViewportSize(desktop);
    }

    // A range the rules refuse says why and shows the default instead; the server refuses it too (400 with the words).
    const future = new Date(now.getTime() + 3 * 86_400_000);
    await page.goto(`/admin/dashboard?from=${isoDay(now)}&to=${isoDay(future)}`);
    await expect(page.getByText('The range cannot end in the future.')).toBeVisible();
    await expectChartsFor(page, /per day/);
    await page.goto(`/admin/dashboard?from=2020-01-01&to=${isoDay(now)}`);
    await expect(page.getByText('A custom range can cover at most 731 days (two years).')).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('adminToken'));
    const refused = await page.request.get(`/api/admin/stats/series?from=${isoDay(now)}&to=${isoDay(future)}`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).error).toBe('The range cannot end in the future.');
  });
});
