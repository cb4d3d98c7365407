import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, seriousA11yViolations } from '../support/axe.ts';
import { saveScreenshot } from '../support/screens.ts';
import { signInWithDevApi, uniqueEmail } from '../support/auth.ts';
import { buyPlan, checkoutFromPricing, openPricing } from '../support/billing.ts';
import { fixtureShares, type FixtureShare } from '../support/fixtures.ts';
import { createProjectViaApi, finishProjectViaApi, openDashboard, sampleScenes, updateProjectViaApi, type ProjectJson } from '../support/projects.ts';
import { voiceAndPickAvatarViaApi, wizardScript } from '../support/wizard.ts';

// The accessibility bar: every customer page (and the dialogs and menus that are a main part of
// a screen) has no serious or critical axe violation under the WCAG 2.1 A/AA rules.

const scenes = sampleScenes(['Meet the bottle that keeps up with you.', 'Cold for 24 hours, hot for 12.', 'Order yours today.']);

test.describe('The accessibility sweep itself', { tag: '@web' }, () => {
  test('finds serious violations on a page that has them: grey on grey text, an image without a text alternative, an unnamed button', async ({ page }) => {
    await page.setContent(
      '<!doctype html><html lang="en"><title>Check</title><main><h1>Check</h1><p style="color:#999;background:#aaa">Faint words</p><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button></button></main></html>',
    );
    const found = (await seriousA11yViolations(page)).map((v) => v.id).sort();
    expect(found).toEqual(['button-name', 'color-contrast', 'image-alt']);
  });
});

/** A page of its own signed in as a fixture owner (read only: nothing of theirs is changed). */
async function ownerPage(browser: Browser, baseURL: string, fixture: FixtureShare): Promise<{ page: Page; project: ProjectJson; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL });
  await signInWithDevApi(context.request, fixture.owner);
  const projects = (await (await context.request.get('/api/projects')).json()) as ProjectJson[];
  const project = projects.find((p) => p.title === fixture.title);
  expect(project, `fixture project ${fixture.title}`).toBeDefined();
  return { page: await context.newPage(), project: project!, close: () => context.close() };
}

/** Opens a wizard step and waits for its heading. */
async function openStep(page: Page, id: string, step: number, heading: string): Promise<void> {
  await page.goto(`/project/${id}?step=${step}`);
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
}

test.describe('Accessibility of the customer app (axe, WCAG 2.1 A/AA)', { tag: '@web' }, () => {
  // Each sweep runs axe a dozen times, 1–8 s of CPU each: on a busy two-core machine (the unit suites
  // run beside) a sweep took 1.5 minutes, so the sweeps get three times the usual budget.
  test.beforeEach(() => {
    test.slow();
  });
  test('signed-out pages: landing, pricing, development sign-in, a shared project, 404', async ({ page, browser }, testInfo) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'landing');

    await openPricing(page);
    await expectNoSeriousA11yViolations(page, 'pricing (signed out)');
    await saveScreenshot(page, 'a11y-pricing');

    await page.goto('/auth/dev');
    await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'development sign-in');

    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '404 (signed out)');

    // On a phone, with the menu open.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.locator('#public-mobile-menu')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'landing on a phone, menu open');
    await page.setViewportSize({ width: 1280, height: 720 });

    for (const fixture of [fixtureShares.single, fixtureShares.playlist]) {
      const owner = await ownerPage(browser, testInfo.project.use.baseURL ?? '', fixture);
      const shortId = owner.project.share?.shortId;
      await owner.close();
      expect(shortId).toBeTruthy();
      await page.goto(`/s/${shortId}`);
      await expect(page.getByRole('heading', { name: fixture.title })).toBeVisible();
      await expect(page.locator('video').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, `shared ${fixture.final.type} project`);
    }
  });

  test('signed-in pages: dashboard, account menu, pricing, profile tabs, API key dialog, 404', async ({ page }) => {
    await signInWithDevApi(page.request, { email: uniqueEmail('a11y-pages'), name: 'Ada Access' });
    // A Free customer makes one project: a finished one, so its card shows every action.
    const done = await createProjectViaApi(page.request, { title: 'Finished teaser' });
    await finishProjectViaApi(page.request, done.id, { scenes });

    await openDashboard(page);
    await expect(page.getByRole('article', { name: 'Finished teaser', exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'dashboard');
    await page.getByRole('button', { name: 'Account menu for Ada Access' }).click();
    await expect(page.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'dashboard, account menu open');
    await page.keyboard.press('Escape');

    await openPricing(page);
    await expectNoSeriousA11yViolations(page, 'pricing (signed in)');

    await page.goto('/profile');
    await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'profile');
    await page.goto('/profile?tab=subscription');
    await expect(page.getByRole('heading', { level: 2, name: 'Payment History' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'profile, subscription tab');
    await page.goto('/profile?tab=api-keys');
    await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'profile, API keys tab');
    await page.getByLabel('Key name').fill('Axe bot');
    await page.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your new API key' });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'profile, new API key dialog');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('list', { name: 'API keys' })).toContainText('Axe bot');
    await expectNoSeriousA11yViolations(page, 'profile, API keys listed');

    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '404 (signed in)');

    // The same pages on a phone.
    await page.setViewportSize({ width: 375, height: 812 });
    await openDashboard(page);
    await expectNoSeriousA11yViolations(page, 'dashboard on a phone');
    await openPricing(page);
    await expectNoSeriousA11yViolations(page, 'pricing on a phone');
    await page.goto('/profile?tab=subscription');
    await expect(page.getByRole('heading', { level: 2, name: 'Payment History' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'profile, subscription tab on a phone');
  });

  test('payment results and a missing project', async ({ page }) => {
    await signInWithDevApi(page.request, { email: uniqueEmail('a11y-pay'), name: 'Pat Payment' });
    await checkoutFromPricing(page, 'Starter', 'cancel');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'payment cancelled');
    await buyPlan(page, 'Starter');
    await expectNoSeriousA11yViolations(page, 'payment successful');
    await page.goto('/project/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Project Not Found' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'project not found');
  });

  test('the six wizard steps, each with its work done, and the Free plan locks', async ({ page, browser }, testInfo) => {
    test.setTimeout(450_000);
    await signInWithDevApi(page.request, { email: uniqueEmail('a11y-wizard'), name: 'Wes Wizard' });

    await page.goto('/project/new?step=1');
    await expect(page.getByRole('heading', { level: 2, name: 'Script & Scenes' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'step 1, empty');
    await page.getByRole('button', { name: '30 s (locked, upgrade to unlock)' }).click();
    await expect(page.getByRole('dialog', { name: 'Upgrade Your Subscription' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'step 1, upgrade dialog');

    const project = await createProjectViaApi(page.request, { title: 'Axe wizard' });
    await updateProjectViaApi(page.request, project.id, { scenes: sampleScenes([wizardScript.slice(0, 110), wizardScript.slice(110)]) });
    await openStep(page, project.id, 1, 'Script & Scenes');
    await expect(page.getByRole('article', { name: /^Scene \d$/ })).toHaveCount(2);
    await expectNoSeriousA11yViolations(page, 'step 1, scenes');
    await openStep(page, project.id, 2, 'Voiceover');
    await expect(page.getByRole('button', { name: /^Choose voice / }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'step 2, voices');

    await voiceAndPickAvatarViaApi(page.request, project.id);
    await openStep(page, project.id, 2, 'Voiceover');
    await expect(page.locator('audio[controls]')).toHaveCount(2);
    await expectNoSeriousA11yViolations(page, 'step 2, voiced');
    await openStep(page, project.id, 3, 'Avatar & Setting');
    await expect(page.getByRole('button', { name: /^Choose AI avatar \d$/ })).toHaveCount(4);
    await expectNoSeriousA11yViolations(page, 'step 3, avatars');
    await openStep(page, project.id, 4, 'Avatar-Product');
    await expect(page.getByRole('img', { name: 'Selected avatar' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'step 4');
    await openStep(page, project.id, 5, 'Video Generation');
    await expectNoSeriousA11yViolations(page, 'step 5, before generating');
    await page.getByRole('radio', { name: /High/ }).click();
    await expect(page.getByRole('dialog', { name: 'HD Quality Locked' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'step 5, HD locked dialog');
    await page.keyboard.press('Escape');
    await openStep(page, project.id, 6, 'Merge & Export');
    await expectNoSeriousA11yViolations(page, 'step 6, before merging');

    // Steps 5 and 6 with their videos made: the fixture projects that hold real media.
    const playlist = await ownerPage(browser, testInfo.project.use.baseURL ?? '', fixtureShares.playlist);
    await openStep(playlist.page, playlist.project.id, 5, 'Video Generation');
    await expect(playlist.page.getByRole('article', { name: /^Scene \d$/ }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(playlist.page, 'step 5, videos made');
    await playlist.close();
    const single = await ownerPage(browser, testInfo.project.use.baseURL ?? '', fixtureShares.single);
    await openStep(single.page, single.project.id, 6, 'Merge & Export');
    await expect(single.page.getByTestId('final-video')).toBeVisible();
    await expectNoSeriousA11yViolations(single.page, 'step 6, final video');
    await single.close();
  });
});
