import { expect, type Page } from '@playwright/test';
import { e2eAdmin } from './env.ts';

/** Signs the seeded main admin in through the 'Admin Portal' form and waits for the Overview. */
export async function signInAsAdmin(page: Page, admin: { email: string; password: string } = e2eAdmin): Promise<void> {
  await page.goto('/admin/');
  await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
}

/** Follows a sidebar entry ('Users', 'Activity', ...) and waits for the screen's heading. */
export async function openAdminScreen(page: Page, navLabel: string, heading: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: navLabel, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}
