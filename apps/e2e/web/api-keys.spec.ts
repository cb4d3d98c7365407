import { expect, request as playwrightRequest, test } from '@playwright/test';
import { devServerUrl } from '../support/env.ts';
import { signInWithDevApi, uniqueEmail } from '../support/auth.ts';
import { saveScreenshot } from '../support/screens.ts';

test.describe('API keys', () => {
  test('a customer creates a key in Profile, sees it once, an integrator uses it, and revoking it stops it @web', async ({ page }) => {
    await signInWithDevApi(page.request, { email: uniqueEmail('api-keys'), name: 'Ines Integrator' });
    await page.goto('/profile?tab=api-keys');
    await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();
    await expect(page.getByText('No API keys yet')).toBeVisible();

    await page.getByLabel('Key name').fill('Render bot 🎬');
    await page.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your new API key' });
    const key = (await dialog.getByLabel('New API key').innerText()).trim();
    expect(key).toMatch(/^rsk_[A-Za-z0-9_-]{20,}$/);
    await saveScreenshot(page, 'profile-api-key-created');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    // Listed by name and prefix only: the secret is not on the page any more.
    const list = page.getByRole('list', { name: 'API keys' });
    await expect(list.getByText('Render bot 🎬')).toBeVisible();
    await expect(list).toContainText('Last used Never');
    await expect(page.getByText(key)).toHaveCount(0);

    // An integrator's server: no cookies, only the key.
    const integrator = await playwrightRequest.newContext({ baseURL: devServerUrl });
    try {
      const auth = { authorization: `Bearer ${key}` };
      const created = await integrator.post('/api/projects', { headers: auth, data: { reelTime: 20, aspect: '9:16' } });
      expect(created.status()).toBe(201);
      const listed = await integrator.get('/api/projects', { headers: auth });
      expect(listed.status()).toBe(200);
      expect(((await listed.json()) as { id: string }[]).map((p) => p.id)).toContain(((await created.json()) as { id: string }).id);

      await page.reload();
      await expect(list).not.toContainText('Last used Never');

      await page.getByRole('button', { name: 'Revoke Render bot 🎬' }).click();
      const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
      await confirm.getByRole('button', { name: 'Revoke key' }).click();
      await expect(page.getByText('No API keys yet')).toBeVisible();
      expect((await integrator.get('/api/projects', { headers: auth })).status()).toBe(401);
    } finally {
      await integrator.dispose();
    }
  });
});
