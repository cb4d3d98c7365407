import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInWithDevApi, uniqueEmail } from '../support/auth.ts';
import { createProjectViaApi, updateProjectViaApi } from '../support/projects.ts';

// Committed screenshots are refreshed only on request (UPDATE_SCREENS=1); ordinary runs write beside the suite.
const screensDir = process.env.UPDATE_SCREENS ? resolve(import.meta.dirname, '../../../docs/screens') : resolve(import.meta.dirname, '../screens');
const productSample = resolve(import.meta.dirname, '../../../docs/screens/product-sample.png');
const desktop = { width: 1280, height: 900 };
const phone = { width: 375, height: 812 };

const script =
  'Meet the bottle that keeps your coffee hot all morning. It fits every cup holder and never leaks in your bag. Grab yours today and taste the difference.';

async function postOk(request: APIRequestContext, path: string, data: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await request.post(path, { data, timeout: 120_000 });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
}

/** A project with scenes, a voiceover and a chosen avatar, saved at step 4 — all through the API. */
async function prepareProjectAtStep4(request: APIRequestContext, title: string): Promise<string> {
  const project = await createProjectViaApi(request, { title, reelTime: 20 });
  const base = `/api/projects/${project.id}`;
  await postOk(request, `${base}/generate-scenes`, { script, reelTime: 20 });
  const voices = (await (await request.get('/api/voices')).json()) as { id: string }[];
  expect(voices.length).toBeGreaterThan(0);
  await postOk(request, `${base}/generate-voiceover`, { voiceId: voices[0]!.id, sceneSpeedSettings: {} });
  await postOk(request, `${base}/generate-avatar`, { combinedPrompt: 'A woman in a kitchen', model: 'google-imagen-4-ultra', aspectRatio: '9:16' });
  const patched = await request.patch(base, { data: { selectedAvatar: 0 } });
  expect(patched.status(), await patched.text()).toBe(200);
  await updateProjectViaApi(request, project.id, { currentStep: 4 });
  return project.id;
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(screensDir, { recursive: true });
  for (const [suffix, size] of [
    ['desktop', desktop],
    ['phone', phone],
  ] as const) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: resolve(screensDir, `${name}-${suffix}.png`), fullPage: true, animations: 'disabled', scale: 'css' });
  }
  await page.setViewportSize(desktop);
}

test.describe('Wizard steps 4–6', { tag: '@web' }, () => {
  test('a Free customer skips the product, generates the scene videos, creates the final video and completes', async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(desktop);
    await signInWithDevApi(page.request, { email: uniqueEmail('wiz456'), name: 'Freya Free' });
    const id = await prepareProjectAtStep4(page.request, 'Coffee Bottle Promo');

    // Step 4: the avatar, the product upload and the description; Skip opens step 5 after 0.8 s.
    await page.goto(`/project/${id}?step=4`);
    await expect(page.getByRole('heading', { level: 2, name: 'Avatar-Product' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Selected avatar' })).toBeVisible();
    await page.getByTestId('product-file-input').setInputFiles(productSample);
    await expect(page.getByRole('img', { name: 'Product' })).toBeVisible();
    await page.getByLabel('Interaction description').fill('Holding the bottle next to her face and smiling');
    await expect(page.getByRole('button', { name: 'Generate 4 variations' })).toBeEnabled();
    await shoot(page, 'step-4');

    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(page).toHaveURL(/step=5$/, { timeout: 5_000 });
    await expect(page.getByRole('heading', { level: 2, name: 'Video Generation' })).toBeVisible();

    // Free plan: High quality is locked behind the dialog and stays on Standard.
    await page.getByRole('radio', { name: /High/ }).click();
    const dialog = page.getByRole('dialog', { name: 'HD Quality Locked' });
    await expect(dialog).toContainText('High-quality video generation is only available for paid subscribers.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('radio', { name: /Standard/ })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Go to Step 6' })).toBeDisabled();

    await page.getByRole('button', { name: 'Generate All Videos' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Generating videos' })).toBeVisible();
    const scenes = page.getByRole('article', { name: /^Scene \d$/ });
    await expect(page.getByRole('button', { name: 'Regenerate Videos' })).toBeVisible({ timeout: 180_000 });
    const count = await scenes.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i += 1) {
      const scene = scenes.nth(i);
      await expect(scene.getByText('Audio Ready')).toBeVisible();
      await expect(scene.getByText('Video Generated')).toBeVisible();
      await expect(scene.getByLabel(`Scene ${i + 1} video`)).toBeVisible();
    }
    await expect(page.getByLabel('Total duration')).toContainText('/ 20s reel time');
    await expect(page.getByRole('button', { name: 'Back to Avatar' })).toBeDisabled();
    await shoot(page, 'step-5');

    // Step 6: the final video plays; downloads are locked on the Free plan.
    await page.getByRole('button', { name: 'Go to Step 6' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Merge & Export' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'No Transition' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Captions' })).toBeDisabled();
    await expect(page.getByText('Coming Soon')).toBeVisible();
    await page.getByRole('button', { name: 'Create Final Video' }).click();
    const finalVideo = page.getByTestId('final-video');
    await expect(finalVideo).toBeVisible({ timeout: 120_000 });
    await expect.poll(() => finalVideo.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 20_000 }).toBeGreaterThan(0);
    await finalVideo.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await expect.poll(() => finalVideo.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);
    await finalVideo.evaluate((v: HTMLVideoElement) => v.pause());

    await expect(page.getByRole('button', { name: 'Download Final Video' })).toBeVisible();
    await expect(page.getByText('Upgrade Required', { exact: true })).toBeVisible();
    await expect(page.getByText('Video downloads are not available on the Free plan')).toBeVisible();
    await expect(page.getByRole('button', { name: 'View Plans' })).toBeVisible();
    await shoot(page, 'step-6');

    // Coming back restores everything from the saved project.
    await page.reload();
    await expect(page.getByTestId('final-video')).toBeVisible();

    await page.getByRole('button', { name: 'Complete Project' }).click();
    await expect(page.getByText('Project Completed').first()).toBeVisible();
    await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
    await expect(page.getByRole('heading', { name: 'My Projects' })).toBeVisible();
  });
});
