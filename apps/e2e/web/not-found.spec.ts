import { expect, test, type Page } from '@playwright/test';
import { signInWithDevApi, uniqueEmail } from '../support/auth.ts';

const unknownPath = '/this/does/not/exist';

async function expectNotFound(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle(/404 Page Not Found/);
  await expect(page.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
}

test.describe('Unknown paths', { tag: '@web' }, () => {
  test('show 404 Page Not Found when signed out', async ({ page }) => {
    await page.goto(unknownPath);
    await expectNotFound(page);
    await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  });

  test('show 404 Page Not Found when signed in', async ({ page }) => {
    const name = 'Lost Visitor';
    await signInWithDevApi(page.request, { email: uniqueEmail('404'), name });
    await page.goto(unknownPath);
    await expectNotFound(page);
    await expect(page.getByRole('button', { name: `Account menu for ${name}` })).toBeVisible();

    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page.getByRole('heading', { name: 'My Projects' })).toBeVisible();
  });
});
