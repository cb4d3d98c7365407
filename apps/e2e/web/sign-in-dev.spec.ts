import { expect, test } from '@playwright/test';
import { expectDashboard, signedOutBody, submitDevSignInPage, uniqueEmail } from '../support/auth.ts';
import { expectLanding, landingHero } from '../support/landing.ts';

test.describe('Development sign-in', { tag: '@web' }, () => {
  test('a landing CTA signs in through the development page, and Sign Out signs out', async ({ page }) => {
    const user = { email: uniqueEmail('dev'), name: 'Dana Developer' };

    await page.goto('/');
    // The hero's main call to action.
    await landingHero(page).getByRole('link').first().click();
    await submitDevSignInPage(page, user);

    await expectDashboard(page, user.name);
    await expect(page.getByRole('button', { name: `Account menu for ${user.name}` })).toContainText('DD');

    const me = await page.request.get('/api/auth/user');
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ email: user.email, firstName: 'Dana', lastName: 'Developer' });

    await page.getByRole('button', { name: `Account menu for ${user.name}` }).click();
    await expect(page.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expectLanding(page);
    await expect(page.getByRole('heading', { name: 'My Projects' })).toHaveCount(0);

    const after = await page.request.get('/api/auth/user');
    expect(after.status()).toBe(401);
    expect(await after.json()).toEqual(signedOutBody);
  });

  test('the development page refuses an invalid e-mail', { tag: '@api' }, async ({ request }) => {
    const res = await request.post('/auth/dev', { form: { email: 'not-an-email', name: 'X' } });
    expect(res.status()).toBe(400);
    expect(await res.text()).toContain('role="alert"');
  });
});
