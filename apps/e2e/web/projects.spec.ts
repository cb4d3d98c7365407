import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signInWithDevApi, uniqueEmail } from '../support/auth.ts';
import { buyPlan } from '../support/billing.ts';
import {
  createProjectViaApi,
  finishProjectViaApi,
  openDashboard,
  projectCard,
  sampleScenes,
  todayOnCard,
  updateProjectViaApi,
} from '../support/projects.ts';
import { saveScreenshot } from '../support/screens.ts';

const desktop = { width: 1280, height: 900 };
const phone = { width: 375, height: 812 };
const deleteQuestion = 'Are you sure you want to delete this project? This action cannot be undone.';

async function signIn(page: Page, label: string, name: string): Promise<void> {
  await signInWithDevApi(page.request, { email: uniqueEmail(label), name });
}

test.describe('Projects', { tag: '@web' }, () => {
  test('a Free customer starts a project and finds its card on the dashboard', async ({ page }) => {
    await signIn(page, 'proj-free', 'Fran Free');
    await openDashboard(page);
    await expect(page.getByRole('button', { name: 'Create First Project' })).toBeVisible();
    await expect(page.getByLabel('0 projects')).toBeVisible();

    await page.getByRole('button', { name: 'Start New Project' }).click();
    await expect(page).toHaveURL(/\/project\/new\?step=1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Untitled UGC Video' })).toBeVisible();
    await expect(page.getByText('Step 1 of 6 · Script & Scenes')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Script & Scenes' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export Progress' })).toBeDisabled();

    // The first save (step 1's Generate Scenes will do this through the shell's useEnsureProject).
    const project = await createProjectViaApi(page.request);
    await page.goto(`/project/${project.id}`);
    await expect(page).toHaveURL(new RegExp(`/project/${project.id}\\?step=1$`));
    await expect(page.getByText(/^Last updated [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();

    await page.getByRole('banner').getByRole('button', { name: 'Projects' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByLabel('1 project', { exact: true })).toBeVisible();
    const card = projectCard(page, 'Untitled UGC Video');
    await expect(card).toBeVisible();
    for (const text of ['Draft', '9:16 Portrait', '0 scenes', todayOnCard(), 'Step 1/5']) await expect(card).toContainText(text);
    await expect(card.getByRole('link', { name: /^Continue/ })).toHaveAttribute('href', `/project/${project.id}`);
    await expect(card.getByRole('link', { name: 'Untitled UGC Video', exact: true })).toHaveAttribute('href', `/project/${project.id}`);
    // Free plan: no delete; a draft: neither share nor copy-ID. Any project can be renamed.
    await expect(card.getByRole('button')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Create New Project' })).toBeVisible();

    // Renamed from its card (hostile text stays text), on the server too; the wizard then heads with it.
    const title = 'Spring <b>serum</b> launch & "more"';
    await card.getByRole('button', { name: 'Rename project: Untitled UGC Video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename project' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: 'Project renamed' })).toBeVisible();
    const renamed = projectCard(page, title);
    await expect(renamed).toBeVisible();
    expect((await (await page.request.get(`/api/projects/${project.id}`)).json()).title).toBe(title);

    await renamed.getByRole('link', { name: /^Continue/ }).click();
    await expect(page).toHaveURL(new RegExp(`/project/${project.id}\\?step=1$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('a paying customer deletes a project after the confirmation', async ({ page }) => {
    test.slow();
    await signIn(page, 'proj-delete', 'Paula Paid');
    await buyPlan(page, 'Pro');
    const kept = await createProjectViaApi(page.request, { title: 'Keep This One' });
    const doomed = await createProjectViaApi(page.request, { title: 'Delete This One', aspect: '16:9' });

    await openDashboard(page);
    const card = projectCard(page, 'Delete This One');
    await expect(card).toContainText('16:9 Landscape');
    await card.getByRole('button', { name: 'Delete project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete project' });
    await expect(dialog).toContainText(deleteQuestion);

    // Cancel keeps it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: 'Delete project' }).click();
    await page.getByRole('dialog', { name: 'Delete project' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Project deleted' })).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(projectCard(page, 'Keep This One')).toBeVisible();
    await expect(page.getByLabel('1 project', { exact: true })).toBeVisible();

    expect((await page.request.get(`/api/projects/${doomed.id}`)).status()).toBe(404);
    expect((await page.request.get(`/api/projects/${kept.id}`)).status()).toBe(200);
  });

  test('the wizard opens at the saved step, keeps ?step on reload, exports and deletes', async ({ page }) => {
    test.slow();
    await signIn(page, 'proj-wizard', 'Wendy Wizard');
    await buyPlan(page, 'Pro');
    const project = await createProjectViaApi(page.request, { title: 'Spring Launch: Teaser' });
    await updateProjectViaApi(page.request, project.id, { scenes: sampleScenes(['Meet the new bottle.', 'It keeps drinks cold.']), currentStep: 3 });

    await page.goto(`/project/${project.id}`);
    await expect(page).toHaveURL(new RegExp(`\\?step=3$`));
    await expect(page.getByText('Step 3 of 6 · Avatar & Setting')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Project progress' })).toHaveAttribute('aria-valuenow', '33');
    await expect(page.getByRole('heading', { level: 2, name: 'Avatar & Setting' })).toBeVisible();

    await page.goto(`/project/${project.id}?step=2`);
    await page.reload();
    await expect(page.getByText('Step 2 of 6 · Voiceover')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Project progress' })).toHaveAttribute('aria-valuenow', '16');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Progress' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Spring Launch- Teaser-progress.json');
    const exported = JSON.parse(readFileSync(await file.path(), 'utf8')) as Record<string, unknown>;
    expect(exported).toMatchObject({ title: 'Spring Launch: Teaser', status: 'Draft', step: 2, savedStep: 3, aspect: '9:16' });
    expect(exported['scenes']).toHaveLength(2);

    // Renamed from the wizard's heading: the heading, the step and the server take the new title.
    await page.getByRole('button', { name: 'Rename project' }).click();
    const renameDialog = page.getByRole('dialog', { name: 'Rename project' });
    await expect(renameDialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Spring Launch: Teaser');
    await renameDialog.getByRole('textbox', { name: 'Title' }).fill('Spring Launch: Final Teaser');
    await renameDialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Spring Launch: Final Teaser' })).toBeVisible();
    await expect(page.getByText('Step 2 of 6 · Voiceover')).toBeVisible();
    expect((await (await page.request.get(`/api/projects/${project.id}`)).json()).title).toBe('Spring Launch: Final Teaser');

    await page.getByRole('button', { name: 'Delete Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete project' });
    await expect(dialog).toContainText(deleteQuestion);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Project deleted' })).toBeVisible();
    await expect(projectCard(page, 'Spring Launch: Final Teaser')).toHaveCount(0);
  });

  test("a missing or someone else's project reads Project Not Found", async ({ page, browser }, testInfo) => {
    await signIn(page, 'proj-owner', 'Owen Owner');
    const project = await createProjectViaApi(page.request);

    const otherContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const other = await otherContext.newPage();
    await signInWithDevApi(other.request, { email: uniqueEmail('proj-other'), name: 'Olga Other' });
    for (const id of [project.id, '00000000-0000-4000-8000-000000000000']) {
      await other.goto(`/project/${id}`);
      await expect(other.getByRole('heading', { level: 1, name: 'Project Not Found' })).toBeVisible();
      await expect(other.getByText("This project doesn't exist or you don't have access to it.")).toBeVisible();
    }
    await other.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(other).toHaveURL(/\/$/);
    await otherContext.close();
  });

  test('a signed-out visitor on the wizard is told and sent to log in', async ({ page }) => {
    // The notice shows for half a second before the page leaves for /api/login, and Playwright waits
    // for a started navigation to finish before it looks: the page itself reports the notice the
    // moment it appears, so a busy machine cannot make the test look too late.
    let noticeSeen = false;
    await page.exposeFunction('reportNotice', () => {
      noticeSeen = true;
    });
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.body?.innerText.includes('You are logged out. Logging in again...')) {
          observer.disconnect();
          void (window as unknown as { reportNotice: () => Promise<void> }).reportNotice();
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto('/project/new');
    await expect.poll(() => noticeSeen, { message: 'the logged-out notice was shown' }).toBe(true);
    // /api/login → /auth/google → the development sign-in page.
    await expect(page).toHaveURL(/\/auth\/dev/);
  });

  test('screenshots of the dashboard and the wizard shell', { tag: '@screens' }, async ({ page }) => {
    test.slow();
    await signIn(page, 'proj-screens', 'Sam Screens');
    await buyPlan(page, 'Pro');
    const teaser = await createProjectViaApi(page.request, { title: 'Spring Launch Teaser' });
    await finishProjectViaApi(page.request, teaser.id, {
      scenes: sampleScenes(['Meet the bottle that keeps up with you.', 'Cold for 24 hours, hot for 12.', 'Order yours today.']),
    });
    const testimonial = await createProjectViaApi(page.request, { title: 'Customer Testimonial — Maya', aspect: '16:9' });
    await updateProjectViaApi(page.request, testimonial.id, { scenes: sampleScenes(['I tried it for a month.', 'Here is what changed.']), currentStep: 3 });
    await createProjectViaApi(page.request, { title: 'Product FAQ', aspect: '1:1' });
    const latest = await createProjectViaApi(page.request, { title: 'Onboarding Walkthrough', aspect: '4:3' });

    // The hero's gradient compresses poorly: the desktop dashboard is shot as one screen to stay small.
    const shot = async (name: string, fullPage = true) => {
      await expect(page.getByRole('button', { name: 'Account menu for Sam Screens' })).toBeVisible();
      await saveScreenshot(page, name, { fullPage });
    };

    await page.setViewportSize(desktop);
    await openDashboard(page);
    await expect(projectCard(page, 'Spring Launch Teaser')).toBeVisible();
    await shot('dashboard-desktop', false);
    await page.setViewportSize(phone);
    await openDashboard(page);
    await shot('dashboard-phone');

    await page.setViewportSize(desktop);
    await page.goto(`/project/${testimonial.id}`);
    await expect(page.getByText('Step 3 of 6 · Avatar & Setting')).toBeVisible();
    await shot('wizard-shell-desktop');
    await page.setViewportSize(phone);
    await page.goto(`/project/${latest.id}`);
    await expect(page.getByText('Step 1 of 6 · Script & Scenes')).toBeVisible();
    await shot('wizard-shell-phone');
  });
});
