import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** An e-mail no other test (or earlier run against a reused server) has signed in with. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/** The signed-out answer of GET /api/auth/user. */
export const signedOutBody = {
  error: expect.any(String),
  message: expect.any(String),
  code: expect.any(String),
  reason: 'unauthorized',
  requiresReauth: true,
};

/** Signs in through the development sign-in JSON endpoint; the request context keeps the session cookie. */
export async function signInWithDevApi(request: APIRequestContext, user: { email: string; name: string }): Promise<void> {
  const res = await request.post('/auth/dev', { data: user });
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ ok: true, userId: expect.any(String) });
}

/** Fills in and submits the server-rendered development sign-in page. */
export async function submitDevSignInPage(page: Page, user: { email: string; name: string }): Promise<void> {
  await expect(page).toHaveURL(/\/auth\/dev$/);
  await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Name').fill(user.name);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The signed-in dashboard at '/', with the account menu for `name` in the header. */
export async function expectDashboard(page: Page, name: string): Promise<void> {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'My Projects' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start New Project' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Account menu for ${name}` })).toBeVisible();
}
