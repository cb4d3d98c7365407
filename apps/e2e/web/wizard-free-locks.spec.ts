import { expect, test } from '@playwright/test';
import { signInWithDevApi, uniqueEmail } from '../support/auth.ts';
import { openDashboard } from '../support/projects.ts';
import { voiceAndPickAvatarViaApi, wizardScript } from '../support/wizard.ts';

test.describe('Wizard on the Free plan', { tag: '@web' }, () => {
  test('a Free customer meets each lock: longer reels, HD quality and downloads', async ({ page }) => {
    test.setTimeout(300_000);
    await signInWithDevApi(page.request, { email: uniqueEmail('wizard-free'), name: 'Freya Free' });
    await openDashboard(page);
    await page.getByRole('button', { name: 'Start New Project' }).click();
    await expect(page).toHaveURL(/\/project\/new\?step=1$/);

    // Duration: only 20 s is open; the six longer reels show a lock and the Upgrade dialog.
    const twenty = page.getByRole('button', { name: '20 s', exact: true });
    await expect(twenty).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('[data-locked]')).toHaveCount(6);
    await page.getByRole('button', { name: '30 s (locked, upgrade to unlock)' }).click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade Your Subscription' });
    await expect(upgrade).toContainText('Max 20 seconds');
    await upgrade.getByRole('button', { name: 'Cancel' }).click();
    await expect(upgrade).toBeHidden();
    await expect(twenty).toHaveAttribute('aria-pressed', 'true');

    // The project is saved with its scenes; voiceover and avatar are made through the API to get on quickly.
    await page.getByLabel('Your script').fill(wizardScript);
    await page.getByRole('button', { name: 'Generate Scenes' }).click();
    await expect(page.getByRole('article', { name: /^Scene \d$/ })).toHaveCount(3, { timeout: 60_000 });
    await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}\?step=1$/);
    const id = /\/project\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
    await voiceAndPickAvatarViaApi(page.request, id);

    // Step 4's Skip opens step 5 0.8 s later (spec §4).
    await page.goto(`/project/${id}?step=4`);
    await expect(page.getByRole('img', { name: 'Selected avatar' })).toBeVisible();
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(page).toHaveURL(/step=5$/);

    // HD: High quality is locked behind its dialog and the choice stays on Standard.
    await expect(page.getByRole('heading', { level: 2, name: 'Video Generation' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Standard/ })).toBeChecked();
    await page.getByRole('radio', { name: /High/ }).click();
    const hd = page.getByRole('dialog', { name: 'HD Quality Locked' });
    await expect(hd).toContainText('High-quality video generation is only available for paid subscribers.');
    await hd.getByRole('button', { name: 'Cancel' }).click();
    await expect(hd).toBeHidden();
    await expect(page.getByRole('radio', { name: /Standard/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: /High/ })).not.toBeChecked();

    // Download: step 6 shows the Free plan's lock, and the button answers with the upgrade prompt.
    await page.goto(`/project/${id}?step=6`);
    await expect(page.getByRole('heading', { level: 2, name: 'Merge & Export' })).toBeVisible();
    await expect(page.getByText('Upgrade Required', { exact: true })).toBeVisible();
    await expect(page.getByText('Video downloads are not available on the Free plan')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download Final Video' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Download Final Video' }).click();
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Upgrade Required' });
    await expect(toast).toContainText('Video downloads are not available on the Free plan');
    await toast.getByRole('button', { name: 'View Plans' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();
  });
});
