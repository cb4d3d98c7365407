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

/** The back office's screens by their sidebar label (apps/admin/src/components/admin-nav-items.ts). */
const adminScreens = {
  Overview: '/admin/dashboard',
  Users: '/admin/users',
  Sessions: '/admin/sessions',
  Projects: '/admin/projects',
  Subscriptions: '/admin/subscriptions',
  Activity: '/admin/activity',
  'Email Settings': '/admin/email-settings',
  Settings: '/admin/settings',
} as const;

/** Each worker's admin sessions, by e-mail: one login per admin and worker, as the login's rate limit
 * (30 a minute from one address, where every test comes from) allows; no test ends these sessions. */
const adminSessions = new Map<string, Promise<{ token: string; record: string }>>();

function adminLogin(page: Page, admin: { email: string; password: string }): Promise<{ token: string; record: string }> {
  let session = adminSessions.get(admin.email);
  if (!session) {
    session = (async () => {
      const res = await page.request.post('/api/admin/login', { data: { email: admin.email, password: admin.password } });
      expect(res.status(), await res.text()).toBe(200);
      const answer = (await res.json()) as { token: string; admin: unknown };
      return { token: answer.token, record: JSON.stringify(answer.admin) };
    })();
    adminSessions.set(admin.email, session);
    session.catch(() => adminSessions.delete(admin.email));
  }
  return session;
}

/**
 * Signs an admin in through the API (POST /api/admin/login) and opens a screen directly, for tests
 * whose subject is that screen: the token and admin record go where the login form puts them, once per
 * tab (a reload or a sign-out later is the app's own). The form itself, and the Overview it lands on,
 * are tested through `signInAsAdmin`; this way each such test skips the Overview's charts (about
 * 0.8 s of browser CPU a sign-in).
 */
export async function openAdminScreenSignedIn(
  page: Page,
  navLabel: keyof typeof adminScreens,
  heading: string,
  admin: { email: string; password: string } = e2eAdmin,
): Promise<void> {
  const { token, record } = await adminLogin(page, admin);
  await page.addInitScript(
    ([token, record]) => {
      if (window.sessionStorage.getItem('e2e-admin-signed-in')) return;
      window.sessionStorage.setItem('e2e-admin-signed-in', '1');
      window.localStorage.setItem('adminToken', token);
      window.localStorage.setItem('adminUser', record);
    },
    [token, record] as const,
  );
  await page.goto(adminScreens[navLabel]);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** Follows a sidebar entry ('Users', 'Activity', ...) and waits for the screen's heading. */
export async function openAdminScreen(page: Page, navLabel: keyof typeof adminScreens, heading: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: navLabel, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}
