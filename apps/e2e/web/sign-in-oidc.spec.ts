import { expect, test } from '@playwright/test';
import { expectDashboard } from '../support/auth.ts';
import { oidcIssuerUrl, oidcUser } from '../support/env.ts';

test.describe('Google sign-in (OpenID Connect)', { tag: ['@web', '@oidc'] }, () => {
  test('a landing CTA goes through the provider and lands on the dashboard', async ({ page }) => {
    const providerRequests: string[] = [];
    page.on('request', (req) => {
      if (req.url().startsWith(oidcIssuerUrl)) providerRequests.push(new URL(req.url()).pathname);
    });

    await page.goto('/');
    // The final call to action at the foot of the landing page.
    const finalCta = page.getByRole('main').getByRole('region').last();
    await finalCta.getByRole('link').click();

    const fullName = `${oidcUser.givenName} ${oidcUser.familyName}`;
    await expectDashboard(page, fullName);
    expect(providerRequests).toContain('/authorize');

    const me = await page.request.get('/api/auth/user');
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({
      email: oidcUser.email,
      firstName: oidcUser.givenName,
      lastName: oidcUser.familyName,
    });
  });

  test('the development sign-in page does not exist on a Google-configured server', { tag: '@api' }, async ({ request }) => {
    const res = await request.post('/auth/dev', { data: { email: 'someone@example.com', name: 'Someone' } });
    expect(res.status()).toBe(404);
  });
});
