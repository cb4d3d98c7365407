import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInWithDevApi, uniqueEmail } from '../support/auth.ts';
import { fixtureShares, samplesDir, type FixtureShare } from '../support/fixtures.ts';
import { createProjectViaApi, finishProjectViaApi, openDashboard, projectCard, sampleScenes } from '../support/projects.ts';
import { saveScreenshot } from '../support/screens.ts';

const desktop = { width: 1280, height: 900 };
const phone = { width: 375, height: 812 };
const noFinalVideoNote = 'The final video of this project is not available yet.';

/** Shares a finished project from its dashboard card (the owner is signed in); returns the copied link. */
async function shareFromDashboard(page: Page, title: string): Promise<string> {
  await openDashboard(page);
  const card = projectCard(page, title);
  // Finished: no step, Edit instead of Continue, and a share button (but no copy-ID).
  await expect(card).not.toContainText('Step ');
  await expect(card.getByRole('link', { name: /^Edit/ })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Copy project ID' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Share project' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Share link copied!' })).toBeVisible();
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Signs in, makes a finished project (without media) and shares it from its dashboard card; returns the copied link. */
async function shareFinishedProject(page: Page, label: string, title: string): Promise<string> {
  await signInWithDevApi(page.request, { email: uniqueEmail(label), name: 'Shay Sharer' });
  const project = await createProjectViaApi(page.request, { title });
  await finishProjectViaApi(page.request, project.id, {
    scenes: sampleScenes(['Meet the bottle that keeps up with you.', 'Cold for 24 hours, hot for 12.', 'Order yours today.']),
  });
  return shareFromDashboard(page, title);
}

/**
 * The link of one of the e2e server's shared projects with real media (support/fixtures.ts), copied
 * from its owner's dashboard.
 */
async function shareFixtureProject(page: Page, fixture: FixtureShare): Promise<string> {
  await signInWithDevApi(page.request, fixture.owner);
  return shareFromDashboard(page, fixture.title);
}

/** What GET /api/share/{shortId} answers about the shared project's video. */
interface SharedVideoJson {
  finalVideo: { type: string; url: string | null; videos: string[]; durationSeconds: number | null };
  posterUrl: string | null;
  allowDownload: boolean;
}

/** The shared project as the server's public REST answer gives it. */
async function publicShare(request: APIRequestContext, link: string): Promise<SharedVideoJson> {
  const res = await request.get(`/api/share/${link.slice(link.lastIndexOf('/') + 1)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { project: SharedVideoJson }).project;
}

/** A stored video of a project, as generation names them (a content address under the project's folder). */
const projectVideoUrl = (folder: string) => new RegExp(`^/media/projects/[0-9a-f-]{36}/${folder}/[0-9a-f]{24}\\.mp4$`);

/** The server streams `url` to this (signed-out) visitor: the very bytes of the sample clip the fixture stored. */
async function expectServedClip(request: APIRequestContext, url: string, sample: string): Promise<void> {
  const res = await request.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('video/mp4');
  expect((await res.body()).equals(readFileSync(join(samplesDir, sample)))).toBe(true);
}

test.describe('Sharing', { tag: '@web' }, () => {
  test.beforeEach(async ({ context }) => {
    // Each test signs in, shares a finished project, then opens it as a visitor in a second
    // browser context: past 30 s on the 2-core machine while the other worker renders videos.
    test.slow();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });

  test('a finished project is shared, and a signed-out visitor sees it and counts one view', async ({ page, browser }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL ?? '';
    const link = await shareFinishedProject(page, 'share', 'Spring Launch Teaser');
    expect(link).toMatch(new RegExp(`^${baseURL.replace(/[.]/g, '\\.')}/s/[A-Za-z0-9_-]{10,64}$`));
    const shortId = link.slice(link.lastIndexOf('/') + 1);

    const visitorContext = await browser.newContext({ baseURL });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/s/${shortId}`);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Spring Launch Teaser' })).toBeVisible();
    await expect(visitor.getByText('Completed Project')).toBeVisible();
    await expect(visitor.getByText(noFinalVideoNote)).toBeVisible();
    await expect(visitor.getByText('1 view', { exact: true })).toBeVisible();
    const scenes = visitor.getByRole('region', { name: 'Scenes' }).getByRole('listitem');
    await expect(scenes).toHaveCount(3);
    await expect(scenes.first()).toContainText('Meet the bottle that keeps up with you.');
    // Signed out: the public header.
    await expect(visitor.getByRole('banner').getByRole('link', { name: 'Get Started' })).toBeVisible();

    // The same viewer within half an hour is not counted again.
    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 1, name: 'Spring Launch Teaser' })).toBeVisible();
    await expect(visitor.getByText('1 view', { exact: true })).toBeVisible();
    const answer = await visitor.request.get(`/api/share/${shortId}`);
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({ project: { title: 'Spring Launch Teaser', finalVideo: null }, share: { shortId, views: 1 } });
    await visitorContext.close();
  });

  // The next three projects, their media and their owners' plans are written by the e2e server before it starts.
  test('a playlist plays scene after scene, with a button per scene, full screen and download', async ({ page, browser }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL ?? '';
    const fixture = fixtureShares.playlist;
    const link = await shareFixtureProject(page, fixture);
    const visitorContext = await browser.newContext({ baseURL });
    const visitor = await visitorContext.newPage();
    // What the server shares: the scene videos the final step falls back to, the avatar as poster, and a paid owner's download.
    const shared = await publicShare(visitor.request, link);
    expect(shared.finalVideo).toMatchObject({ type: 'playlist', url: null });
    const [first, second, third] = shared.finalVideo.videos;
    expect(shared.finalVideo.videos).toHaveLength(3);
    for (const url of shared.finalVideo.videos) expect(url).toMatch(projectVideoUrl('video'));
    expect(shared.posterUrl).toMatch(/^\/media\/projects\/[0-9a-f-]{36}\/uploads\/[0-9a-f]{24}\.jpg$/);
    expect(shared.allowDownload).toBe(true);
    // Three 5-second sample clips: the page says how long they play together, not the planned reel length.
    expect(shared.finalVideo.durationSeconds).toBeCloseTo(15, 1);
    for (const [i, url] of shared.finalVideo.videos.entries()) await expectServedClip(visitor.request, url, fixture.final.clips[i]!);
    const poster = await visitor.request.get(shared.posterUrl!);
    expect(poster.status()).toBe(200);
    expect(poster.headers()['content-type']).toBe('image/jpeg');
    await visitor.goto(new URL(link).pathname);
    await expect(visitor.getByText(/^Made with Reelsmith · .+ · 15 s$/)).toBeVisible();

    const video = visitor.locator('video');
    await expect(video).toHaveAttribute('src', first!);
    await expect(video).toHaveAttribute('poster', shared.posterUrl!);
    await expect(video).toHaveAttribute('controls', '');
    await expect(video).toHaveAttribute('playsinline', '');
    await expect(video).toHaveAttribute('preload', 'metadata');
    const scenes = visitor.getByRole('group', { name: 'Scenes' });
    await expect(scenes.getByRole('button')).toHaveCount(3);
    await expect(scenes.getByRole('button', { name: 'Scene 1' })).toHaveAttribute('aria-pressed', 'true');
    const download = visitor.getByRole('link', { name: 'Download Video' });
    await expect(download).toHaveAttribute('download', 'Spring Launch Teaser-scene-1.mp4');

    // A scene that ends hands over to the next one.
    await video.evaluate((element) => element.dispatchEvent(new Event('ended')));
    await expect(video).toHaveAttribute('src', second!);
    await expect(scenes.getByRole('button', { name: 'Scene 2' })).toHaveAttribute('aria-pressed', 'true');
    await scenes.getByRole('button', { name: 'Scene 3' }).click();
    await expect(video).toHaveAttribute('src', third!);
    await expect(download).toHaveAttribute('href', third!);
    await expect(download).toHaveAttribute('download', 'Spring Launch Teaser-scene-3.mp4');
    await expect(visitor.getByText(noFinalVideoNote)).toHaveCount(0);
    // The owner's plan allows downloads: the server hands the scene over as a file too.
    const file = await visitor.request.get(`${third}?download`);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toMatch(/^attachment;/);

    await visitor.getByRole('button', { name: 'Open Full Screen' }).click();
    await expect.poll(() => visitor.evaluate(() => document.fullscreenElement?.tagName ?? null)).toBe('VIDEO');
    await visitor.evaluate(() => document.exitFullscreen());

    await visitor.setViewportSize(desktop);
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(2);
    await visitor.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(visitor, 'share-playlist-desktop');
    await visitorContext.close();
  });

  test('a single final video downloads under the title', async ({ page, browser }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL ?? '';
    const fixture = fixtureShares.single;
    const link = await shareFixtureProject(page, fixture);
    const visitorContext = await browser.newContext({ baseURL });
    const visitor = await visitorContext.newPage();
    const shared = await publicShare(visitor.request, link);
    expect(shared).toMatchObject({ finalVideo: { type: 'single', videos: [] }, posterUrl: null, allowDownload: true });
    expect(shared.finalVideo.durationSeconds).toBeCloseTo(5, 1);
    const url = shared.finalVideo.url!;
    expect(url).toMatch(projectVideoUrl('final'));
    await expectServedClip(visitor.request, url, fixture.final.clip);
    await visitor.goto(new URL(link).pathname);
    await expect(visitor.getByText(/^Made with Reelsmith · .+ · 5 s$/)).toBeVisible();
    await expect(visitor.locator('video')).toHaveAttribute('src', url);
    await expect(visitor.getByRole('group', { name: 'Scenes' })).toHaveCount(0);
    const download = visitor.getByRole('link', { name: 'Download Video' });
    await expect(download).toHaveAttribute('href', url);
    await expect(download).toHaveAttribute('download', 'Launch- Final Cut.mp4');
    await expect(visitor.locator('video')).not.toHaveAttribute('controlslist', 'nodownload');
    expect((await visitor.request.get(`${url}?download`)).status()).toBe(200);
    await visitorContext.close();
  });

  test("a Free owner's video plays with no Download, in the page or the player", async ({ page, browser }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL ?? '';
    const fixture = fixtureShares.free;
    const link = await shareFixtureProject(page, fixture);
    const visitorContext = await browser.newContext({ baseURL });
    const visitor = await visitorContext.newPage();
    const shared = await publicShare(visitor.request, link);
    expect(shared).toMatchObject({ finalVideo: { type: 'single', videos: [] }, posterUrl: null, allowDownload: false });
    const url = shared.finalVideo.url!;
    expect(url).toMatch(projectVideoUrl('final'));
    // Played in the page, never handed over as a file.
    await expectServedClip(visitor.request, url, fixture.final.clip);
    expect((await visitor.request.get(`${url}?download`)).status()).toBe(403);
    await visitor.goto(new URL(link).pathname);
    await expect(visitor.getByText(/^Made with Reelsmith · .+ · 5 s$/)).toBeVisible();
    await expect(visitor.locator('video')).toHaveAttribute('src', url);
    await expect(visitor.locator('video')).toHaveAttribute('controlslist', 'nodownload');
    await expect(visitor.getByRole('button', { name: 'Open Full Screen' })).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Download Video' })).toHaveCount(0);
    await visitorContext.close();
  });

  test('an unknown link reads Share link not found', async ({ page }) => {
    await page.goto('/s/doesnotexist00');
    await expect(page.getByRole('heading', { level: 1, name: 'Share link not found' })).toBeVisible();
    await expect(page.getByText('This share link may have expired or been removed.')).toBeVisible();
  });

  test('screenshots of the share page', { tag: '@screens' }, async ({ page, browser }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL ?? '';
    const link = await shareFinishedProject(page, 'share-screens', 'Spring Launch Teaser');
    const visitorContext = await browser.newContext({ baseURL });
    const visitor = await visitorContext.newPage();
    const shot = async (name: string) => {
      await visitor.goto(new URL(link).pathname);
      await expect(visitor.getByText('Completed Project')).toBeVisible();
      await saveScreenshot(visitor, name);
    };
    await visitor.setViewportSize(desktop);
    await shot('share-desktop');
    await visitor.setViewportSize(phone);
    await shot('share-phone');
    await visitorContext.close();
  });
});
