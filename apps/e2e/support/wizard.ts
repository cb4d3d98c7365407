import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type APIRequestContext, type Download, type Locator, type Page } from '@playwright/test';
import { updateProjectViaApi } from './projects.ts';
import { saveScreenshot, screensRequested } from './screens.ts';

export const desktop = { width: 1280, height: 900 };
export const phone = { width: 375, height: 812 };

/** Real pictures checked in beside the screenshots: a portrait for step 3, a product for step 4. */
export const avatarSample = resolve(import.meta.dirname, '../../../docs/screens/avatar-sample.png');
export const productSample = resolve(import.meta.dirname, '../../../docs/screens/product-sample.png');

export const wizardScript =
  'Meet the bottle that keeps your coffee hot all morning. It fits every cup holder and never leaks in your bag. ' +
  'Every bottle is made from recycled steel and built to last for years. Grab yours today and taste the difference.';

/** Full-page screenshots of the current page at desktop and phone widths, named `<name>-desktop.png` / `<name>-phone.png`. */
export async function shootWizard(page: Page, name: string): Promise<void> {
  if (!screensRequested) return;
  // No hover styles in the pictures: the pointer rests in the page's top-left corner.
  await page.mouse.move(0, 0);
  for (const [suffix, size] of [
    ['desktop', desktop],
    ['phone', phone],
  ] as const) {
    await page.setViewportSize(size);
    // The header is sticky: shoot from the top, or a full-page capture draws it mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await saveScreenshot(page, `${name}-${suffix}`, { scale: 'css' });
  }
  await page.setViewportSize(desktop);
}

async function postOk(request: APIRequestContext, path: string, data: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await request.post(path, { data, timeout: 180_000 });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
}

/** Voices a project's saved scenes and picks the first of four AI avatars, then saves it at step 4 — all through the REST API. */
export async function voiceAndPickAvatarViaApi(request: APIRequestContext, id: string): Promise<void> {
  const base = `/api/projects/${id}`;
  const voices = (await (await request.get('/api/voices')).json()) as { id: string }[];
  expect(voices.length).toBeGreaterThan(0);
  await postOk(request, `${base}/generate-voiceover`, { voiceId: voices[0]!.id, sceneSpeedSettings: {} });
  await postOk(request, `${base}/generate-avatar`, { combinedPrompt: 'A woman in a kitchen', model: 'google-imagen-4-ultra', aspectRatio: '9:16' });
  const patched = await request.patch(base, { data: { selectedAvatar: 0 } });
  expect(patched.status(), await patched.text()).toBe(200);
  await updateProjectViaApi(request, id, { currentStep: 4 });
}

/** The video element has loaded a real duration and its playhead moves once played (muted, so autoplay rules allow it). */
export async function expectVideoPlays(video: Locator): Promise<void> {
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 30_000 }).toBeGreaterThan(0);
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(0);
  await video.evaluate((v: HTMLVideoElement) => v.pause());
}

/** Clicks `trigger` and returns the file the browser saved, checked to be a real MP4 (an ISO-BMFF `ftyp` box first) of some size. */
export async function downloadMp4(page: Page, trigger: Locator): Promise<{ download: Download; bytes: number }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), trigger.click()]);
  expect(await download.failure()).toBeNull();
  const path = await download.path();
  const head = readFileSync(path).subarray(0, 12);
  expect(head.subarray(4, 8).toString('latin1')).toBe('ftyp');
  const bytes = statSync(path).size;
  expect(bytes).toBeGreaterThan(10_000);
  return { download, bytes };
}

/** Clicks `trigger` and returns the text file the browser saved, with the name it was offered under. */
export async function downloadText(page: Page, trigger: Locator): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), trigger.click()]);
  expect(await download.failure()).toBeNull();
  return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
}
