import { expect, test } from '@playwright/test';
import { expectDashboard, submitDevSignInPage, uniqueEmail } from '../support/auth.ts';
import { buyPlan } from '../support/billing.ts';
import { landingHero } from '../support/landing.ts';
import { bandDifference, rgbFrame, vttCues, yellowPixels } from '../support/frames.ts';
import { downloadMp4, downloadText, expectVideoPlays, productSample, shootWizard, wizardScript } from '../support/wizard.ts';

test.describe('Wizard, all six steps', { tag: '@web' }, () => {
  test('a paying customer signs in and goes from a script to a completed, captioned and shared project with a playing, downloadable final video', async ({ page, browser }, testInfo) => {
    // Six steps of real generation on the local engine (speech, pictures, ffmpeg) on a slow, shared machine.
    test.setTimeout(900_000);
    const user = { email: uniqueEmail('wizard-all'), name: 'Paula Payer' };
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

    // Sign in through the development page, then buy Starter through the local checkout.
    await page.goto('/');
    await landingHero(page).getByRole('link').first().click();
    await submitDevSignInPage(page, user);
    await expectDashboard(page, user.name);
    await buyPlan(page, 'Starter');
    await page.goto('/');
    await expectDashboard(page, user.name);
    await page.getByRole('button', { name: 'Start New Project' }).click();
    await expect(page).toHaveURL(/\/project\/new\?step=1$/);

    // Step 1: a paid plan starts at 30 s with nothing locked up to its longest reel.
    await expect(page.getByRole('button', { name: '30 s', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: '25 s', exact: true })).toBeEnabled();
    const generateScenes = page.getByRole('button', { name: 'Generate Scenes' });
    await expect(generateScenes).toBeDisabled();
    await page.getByLabel('Your script').fill(wizardScript);
    await expect(page.getByText(`${wizardScript.length} / 2000 characters`)).toBeVisible();
    await generateScenes.click();
    const sceneCards = page.getByRole('article', { name: /^Scene \d$/ });
    await expect(sceneCards).toHaveCount(3, { timeout: 60_000 });
    await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}\?step=1$/);
    const first = sceneCards.first();
    await first.getByLabel('Scene text').fill('A brand new opening line for the first scene');
    await expect(first.getByLabel('Scene 1 word count')).toHaveText('9 words');
    await first.getByLabel('Title').fill('Opening');
    await shootWizard(page, 'step-1');
    await page.getByRole('button', { name: 'Next Step: Voiceover' }).click();

    // Step 2: the voices load with the first chosen; another is picked and voiced.
    await expect(page).toHaveURL(/step=2$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Voiceover' })).toBeVisible();
    await expect(page.getByText('Step 2 of 5')).toBeVisible();
    const voices = page.getByRole('button', { name: /^Choose voice / });
    await expect(voices.first()).toHaveAttribute('aria-pressed', 'true');
    expect(await voices.count()).toBeGreaterThanOrEqual(20);
    await voices.nth(2).click();
    await expect(voices.nth(2)).toHaveAttribute('aria-pressed', 'true');
    await expect(voices.first()).toHaveAttribute('aria-pressed', 'false');
    const toStep3 = page.getByRole('button', { name: 'Next: Avatar & Setting' });
    await expect(toStep3).toBeDisabled();
    await expect(page.getByRole('slider', { name: 'Speed for scene 1' })).toHaveAttribute('aria-valuenow', '1');
    await page.getByRole('button', { name: 'Generate Voiceover' }).click();
    await expect(page.locator('audio[controls]')).toHaveCount(3, { timeout: 120_000 });
    await expect(page.getByRole('button', { name: 'Regenerate Voiceover' })).toBeEnabled();
    await expect(toStep3).toBeEnabled();
    await shootWizard(page, 'step-2');

    // Leaving and coming back keeps the edited scene and the voiceover.
    await page.getByRole('button', { name: 'Previous: Script' }).click();
    await expect(page.getByRole('article', { name: 'Scene 1' }).getByLabel('Scene text')).toHaveValue('A brand new opening line for the first scene');
    await page.getByRole('button', { name: 'Next Step: Voiceover' }).click();
    await expect(page.locator('audio[controls]')).toHaveCount(3);
    await toStep3.click();

    // Step 3: an AI suggestion, four AI variations, one chosen.
    await expect(page).toHaveURL(/step=3$/);
    const toStep4 = page.getByRole('button', { name: 'Continue to Step 4' });
    await expect(toStep4).toBeDisabled();
    await expect(page.getByText('Generate avatars first')).toBeVisible();
    const generateAvatars = page.getByRole('button', { name: 'Generate 4 Avatar Variations' });
    await expect(generateAvatars).toBeDisabled();
    await page.getByRole('button', { name: 'Suggest with AI' }).click();
    await expect(page.getByRole('textbox', { name: 'Avatar description' })).not.toHaveValue('');
    await expect(page.getByRole('button', { name: 'Google Imagen 4 Ultra' })).toHaveAttribute('aria-pressed', 'true');
    await generateAvatars.click();
    const avatars = page.getByRole('button', { name: /^Choose AI avatar \d$/ });
    await expect(avatars).toHaveCount(4, { timeout: 120_000 });
    await expect(page.getByText('Select an avatar to continue')).toBeVisible();
    await avatars.nth(1).click();
    await expect(avatars.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await expect(toStep4).toBeEnabled();
    await shootWizard(page, 'step-3');
    await toStep4.click();

    // Step 4: the avatar holds an uploaded product; four variations, the third one picked.
    await expect(page).toHaveURL(/step=4$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Avatar-Product' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Selected avatar' })).toBeVisible();
    await page.getByTestId('product-file-input').setInputFiles(productSample);
    await expect(page.getByRole('img', { name: 'Product' })).toBeVisible();
    await page.getByLabel('Interaction description').fill('Holding the bottle next to her face and smiling');
    await page.getByRole('button', { name: 'Generate 4 variations' }).click();
    const variations = page.getByRole('button', { name: /^Variation \d/ });
    await expect(variations).toHaveCount(4, { timeout: 120_000 });
    await variations.nth(2).click();
    await expect(variations.nth(2)).toHaveAttribute('aria-pressed', 'true');
    await expect(variations.nth(2).getByText('Selected')).toBeVisible();
    await shootWizard(page, 'step-4');
    await page.getByRole('button', { name: 'Continue to Video Generation' }).click();

    // Step 5: HD is open to a paid plan (no dialog); standard keeps the run short.
    await expect(page).toHaveURL(/step=5$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Video Generation' })).toBeVisible();
    await page.getByRole('radio', { name: /High/ }).click();
    await expect(page.getByRole('radio', { name: /High/ })).toBeChecked();
    await expect(page.getByRole('dialog', { name: 'HD Quality Locked' })).toHaveCount(0);
    await page.getByRole('radio', { name: /Standard/ }).click();
    await expect(page.getByRole('radio', { name: /Standard/ })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Go to Step 6' })).toBeDisabled();
    await page.getByRole('button', { name: 'Generate All Videos' }).click();
    const progress = page.getByRole('status').filter({ hasText: 'Generating videos' });
    await expect(progress).toBeVisible();
    await expect(progress).toContainText(/\d+%/);
    // The render does not need the page: after a reload the step finds the running job, follows it and shows its videos.
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Video Generation' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Regenerate Videos' })).toBeVisible({ timeout: 420_000 });
    await expect(progress).toHaveCount(0);
    const scenes = page.getByRole('article', { name: /^Scene \d$/ });
    await expect(scenes).toHaveCount(3);
    for (let i = 0; i < 3; i += 1) {
      const scene = scenes.nth(i);
      await expect(scene.getByText('Audio Ready')).toBeVisible();
      await expect(scene.getByText('Video Generated')).toBeVisible();
      await expect(scene.getByLabel(`Scene ${i + 1} video`)).toBeVisible();
    }
    await expect(page.getByLabel('Total duration')).toContainText('/ 30s reel time');
    await expect(page.getByRole('button', { name: 'Back to Avatar' })).toBeDisabled();
    const sceneDownload = await downloadMp4(page, scenes.first().getByRole('link', { name: 'Download' }));
    expect(sceneDownload.download.suggestedFilename()).toBe('scene-1-video.mp4');
    await shootWizard(page, 'step-5');
    await page.getByRole('button', { name: 'Go to Step 6' }).click();

    // Step 6: the final video is made with word-by-word captions, plays in the page and downloads as a real MP4 with its subtitle files.
    await expect(page.getByRole('heading', { level: 2, name: 'Merge & Export' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'No Transition' })).toBeChecked();
    await page.getByText('Fade', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Fade', exact: true })).toBeChecked();
    const captionsSwitch = page.getByRole('switch', { name: /Burn captions into the video/ });
    await expect(captionsSwitch).not.toBeChecked();
    await captionsSwitch.check();
    await expect(captionsSwitch).toBeChecked();
    await page.getByText('Word by word', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Word by word' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Bottom' })).toBeChecked();
    await expect(page.getByRole('img', { name: 'Caption preview: word by word, bottom' })).toContainText('A BRAND NEW');
    await expect(page.getByText('Upgrade Required', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Create Final Video' }).click();
    const finalVideo = page.getByTestId('final-video');
    await expect(finalVideo).toBeVisible({ timeout: 240_000 });
    await expectVideoPlays(finalVideo);
    const finalDownload = await downloadMp4(page, page.getByRole('link', { name: 'Download Final Video' }));
    expect(finalDownload.download.suggestedFilename()).toMatch(/\.mp4$/);
    const srt = await downloadText(page, page.getByRole('link', { name: 'Captions (SRT)' }));
    expect(srt.name).toMatch(/\.srt$/);
    expect(srt.text).toMatch(/^1\n00:00:00,\d{3} --> 00:00:\d\d,\d{3}\n/);
    expect(srt.text.replace(/\n/g, ' ')).toContain('A brand new opening');
    const vtt = await downloadText(page, page.getByRole('link', { name: 'Captions (WebVTT)' }));
    expect(vtt.name).toMatch(/\.vtt$/);
    expect(vtt.text).toMatch(/^WEBVTT\n/);
    const cues = vttCues(vtt.text);
    expect(cues.length).toBe(srt.text.match(/ --> /g)?.length);
    expect(cues.map((c) => c.text).join(' ')).toContain('Grab yours today and taste the difference.');
    // Burned in: while the first cue is on, the final video's caption band shows the highlight yellow the
    // scene video has not, and the rest of the picture is the scene's own.
    const at = (cues[0]!.start + cues[0]!.end) / 2;
    const finalFrame = rgbFrame(await finalDownload.download.path(), at);
    const sceneFrame = rgbFrame(await sceneDownload.download.path(), at);
    const captionBand = { y: 430, height: 170 };
    expect(yellowPixels(finalFrame, captionBand) - yellowPixels(sceneFrame, captionBand)).toBeGreaterThan(40);
    expect(bandDifference(finalFrame, sceneFrame, captionBand)).toBeGreaterThan(bandDifference(finalFrame, sceneFrame, { y: 0, height: 200 }) + 1);
    expect(bandDifference(finalFrame, sceneFrame, { y: 0, height: 200 })).toBeLessThan(6);
    await shootWizard(page, 'step-6');

    // Coming back restores the finished work from the saved project.
    await page.reload();
    await expect(page.getByTestId('final-video')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download Final Video' })).toBeVisible();

    await page.getByRole('button', { name: 'Complete Project' }).click();
    await expect(page.getByText('Project Completed').first()).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expectDashboard(page, user.name);

    // Shared: a visitor's player carries the caption track, timed as the files are, and plays.
    await page.getByRole('button', { name: 'Share project' }).first().click();
    await expect(page.getByRole('alert').filter({ hasText: 'Share link copied!' })).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const visitorContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL ?? '' });
    const visitor = await visitorContext.newPage();
    await visitor.goto(new URL(link).pathname);
    const shared = visitor.locator('video');
    await expect(shared.locator('track[kind="captions"]')).toHaveAttribute('src', /\.vtt$/);
    await shared.evaluate((v: HTMLVideoElement) => {
      v.textTracks[0]!.mode = 'hidden';
    });
    await expect.poll(() => shared.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.cues?.length ?? 0)).toBe(cues.length);
    const firstCue = await shared.evaluate((v: HTMLVideoElement) => {
      const cue = v.textTracks[0]!.cues![0] as VTTCue;
      return { start: cue.startTime, text: cue.text };
    });
    expect(firstCue).toEqual({ start: cues[0]!.start, text: expect.stringContaining('A brand new') });
    await expectVideoPlays(shared);
    await visitorContext.close();
  });
});
