import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInWithDevApi, uniqueEmail } from '../support/auth.ts';
import { createProjectViaApi, openDashboard, sampleScenes, updateProjectViaApi } from '../support/projects.ts';

// Committed screenshots are refreshed only on request (UPDATE_SCREENS=1); ordinary runs write beside the suite.
const screensDir = process.env.UPDATE_SCREENS ? resolve(import.meta.dirname, '../../../docs/screens') : resolve(import.meta.dirname, '../screens');
const desktop = { width: 1280, height: 900 };
const phone = { width: 375, height: 812 };
const samplePng = resolve(import.meta.dirname, '../../../docs/screens/avatar-sample.png');
const invalidFileType = 'Please upload a JPEG, PNG, GIF, or WebP image.';
const script =
  'Meet GlowJar, the candle that fills your room with calm. It burns clean for fifty hours. ' +
  'Every jar is poured by hand from soy wax and pure oils. Light one tonight and feel the day melt away. ' +
  'Order today and get free shipping.';

async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(screensDir, { recursive: true });
  // The header is sticky: shoot from the top, or a full-page capture draws it mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize(desktop);
  await page.screenshot({ path: resolve(screensDir, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(phone);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: resolve(screensDir, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(desktop);
}

test.describe('Wizard steps 1–3', { tag: '@web' }, () => {
  test('a Free customer writes a script, voices it and picks an avatar', async ({ page }) => {
    test.setTimeout(180_000);
    await signInWithDevApi(page.request, { email: uniqueEmail('wiz13'), name: 'Willa Wizard' });
    await openDashboard(page);
    await page.getByRole('button', { name: 'Start New Project' }).click();
    await expect(page).toHaveURL(/\/project\/new\?step=1$/);

    // Step 1: only 20 s is open on the Free plan; the others show a lock and the Upgrade dialog.
    await expect(page.getByRole('button', { name: '20 s', exact: true })).toHaveAttribute('aria-pressed', 'true');
    const locked = page.getByRole('button', { name: '30 s (locked, upgrade to unlock)' });
    await expect(locked).toBeVisible();
    await expect(page.locator('[data-locked]')).toHaveCount(6);
    await locked.click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade Your Subscription' });
    await expect(upgrade).toContainText('Max 20 seconds');
    await upgrade.getByRole('button', { name: 'Cancel' }).click();
    await expect(upgrade).toBeHidden();
    await expect(page.getByRole('button', { name: '20 s', exact: true })).toHaveAttribute('aria-pressed', 'true');

    const generate = page.getByRole('button', { name: 'Generate Scenes' });
    await expect(generate).toBeDisabled();
    await page.getByLabel('Your script').fill(script);
    await expect(page.getByText(`${script.length} / 2000 characters`)).toBeVisible();
    await generate.click();

    const cards = page.getByRole('article', { name: /^Scene \d$/ });
    await expect(cards).toHaveCount(3);
    await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}\?step=1$/);
    const first = cards.first();
    await first.getByLabel('Scene text').fill('A brand new opening line for the first scene');
    await expect(first.getByLabel('Scene 1 word count')).toHaveText('9 words');
    await first.getByLabel('Title').fill('Opening');
    await screenshots(page, 'step-1');

    await page.getByRole('button', { name: 'Next Step: Voiceover' }).click();
    await expect(page).toHaveURL(/step=2$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Voiceover' })).toBeVisible();
    await expect(page.getByText('Step 2 of 5')).toBeVisible();

    // Step 2: the voices load and the first one is chosen.
    const voices = page.getByRole('button', { name: /^Choose voice / });
    await expect(voices.first()).toHaveAttribute('aria-pressed', 'true');
    expect(await voices.count()).toBeGreaterThanOrEqual(20);
    await voices.nth(2).click();
    await expect(voices.nth(2)).toHaveAttribute('aria-pressed', 'true');
    await expect(voices.first()).toHaveAttribute('aria-pressed', 'false');
    const next = page.getByRole('button', { name: 'Next: Avatar & Setting' });
    await expect(next).toBeDisabled();
    await expect(page.getByRole('slider', { name: 'Speed for scene 1' })).toHaveAttribute('aria-valuenow', '1');
    await page.getByRole('button', { name: 'Generate Voiceover' }).click();
    await expect(page.locator('audio[controls]')).toHaveCount(3, { timeout: 60_000 });
    await expect(page.getByRole('button', { name: 'Regenerate Voiceover' })).toBeEnabled();
    await expect(next).toBeEnabled();
    await screenshots(page, 'step-2');

    // Leaving and coming back keeps the edited scene.
    await page.getByRole('button', { name: 'Previous: Script' }).click();
    await expect(page.getByRole('article', { name: 'Scene 1' }).getByLabel('Scene text')).toHaveValue('A brand new opening line for the first scene');
    await page.getByRole('button', { name: 'Next Step: Voiceover' }).click();
    await expect(page.locator('audio[controls]')).toHaveCount(3);
    await page.getByRole('button', { name: 'Next: Avatar & Setting' }).click();
    await expect(page).toHaveURL(/step=3$/);

    // Step 3: four AI variations, one chosen.
    const continueButton = page.getByRole('button', { name: 'Continue to Step 4' });
    await expect(continueButton).toBeDisabled();
    await expect(page.getByText('Generate avatars first')).toBeVisible();
    const generateAvatars = page.getByRole('button', { name: 'Generate 4 Avatar Variations' });
    await expect(generateAvatars).toBeDisabled();
    await page.getByRole('button', { name: 'Suggest with AI' }).click();
    await expect(page.getByRole('textbox', { name: 'Avatar description' })).not.toHaveValue('');
    await expect(page.getByRole('button', { name: 'Google Imagen 4 Ultra' })).toHaveAttribute('aria-pressed', 'true');
    await generateAvatars.click();
    const avatars = page.getByRole('button', { name: /^Choose AI avatar \d$/ });
    await expect(avatars).toHaveCount(4, { timeout: 60_000 });
    await expect(page.getByText('Select an avatar to continue')).toBeVisible();
    await avatars.nth(1).click();
    await expect(avatars.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await expect(continueButton).toBeEnabled();
    await screenshots(page, 'step-3');
  });

  test('an uploaded photo must be a real image and becomes the avatar', async ({ page }) => {
    test.setTimeout(90_000);
    await signInWithDevApi(page.request, { email: uniqueEmail('wiz13-upload'), name: 'Uma Upload' });
    const project = await createProjectViaApi(page.request);
    await updateProjectViaApi(page.request, project.id, { scenes: sampleScenes(['Hello there.', 'Here is the thing.', 'Buy it now.']), currentStep: 3 });
    await page.goto(`/project/${project.id}?step=3`);
    await page.getByRole('tab', { name: 'Upload Your Own' }).click();

    const input = page.getByLabel('Upload an avatar image');
    // Text renamed .png: the browser calls it image/png, the server reads the content and refuses it.
    await input.setInputFiles({ name: 'not-a-photo.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not an image\n') });
    await expect(page.getByText(invalidFileType)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Choose Uploaded avatar/ })).toHaveCount(0);

    // A file that is not an image type at all is refused before uploading.
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
    await expect(page.getByText('Invalid File Type')).toBeVisible();

    await input.setInputFiles(samplePng);
    const uploaded = page.getByRole('button', { name: 'Choose Uploaded avatar 1' });
    await expect(uploaded).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Continue to Step 4' })).toBeEnabled();

    // Removing the selected upload clears the choice.
    await page.getByRole('button', { name: 'Remove uploaded avatar 1' }).click();
    await expect(uploaded).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Continue to Step 4' })).toBeDisabled();
    await expect(page.getByText('Generate avatars first')).toBeVisible();
  });
});
