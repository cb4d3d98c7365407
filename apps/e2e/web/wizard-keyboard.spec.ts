import { expect, test } from '@playwright/test';
import { signInWithDevApi, uniqueEmail } from '../support/auth.ts';
import { pressOn, typeInto } from '../support/keyboard.ts';
import { openDashboard } from '../support/projects.ts';
import { productSample, wizardScript } from '../support/wizard.ts';

// The issue: "the wizard can be completed with the keyboard alone". Every step is worked with Tab,
// Shift+Tab, Enter, Space, the arrow keys, Escape and typing — no clicks, no fill() — from the
// dashboard's Start New Project to a merged final video and Complete Project, on real renders.

test.describe('Wizard by keyboard alone', { tag: '@web' }, () => {
  test('a customer makes a reel from a new project to the merged final video with only the keyboard', async ({ page }) => {
    // Six steps of real generation on the local engine, on a slow shared machine.
    test.setTimeout(900_000);
    await signInWithDevApi(page.request, { email: uniqueEmail('wizard-keys'), name: 'Kim Keys' });
    await openDashboard(page);
    await pressOn(page, page.getByRole('button', { name: 'Start New Project' }));
    await expect(page).toHaveURL(/\/project\/new\?step=1$/);

    // Step 1: a locked reel length opens the upgrade dialog, which Escape closes (the focus is not trapped after).
    await expect(page.getByRole('heading', { level: 2, name: 'Script & Scenes' })).toBeVisible();
    const locked = page.getByRole('button', { name: '30 s (locked, upgrade to unlock)' });
    await pressOn(page, locked);
    const upgrade = page.getByRole('dialog', { name: 'Upgrade Your Subscription' });
    await expect(upgrade).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(upgrade).toBeHidden();
    await expect(locked).toBeFocused();
    await typeInto(page, page.getByLabel('Your script'), wizardScript);
    await pressOn(page, page.getByRole('button', { name: 'Generate Scenes' }));
    const sceneCards = page.getByRole('article', { name: /^Scene \d$/ });
    await expect(sceneCards.first()).toBeVisible({ timeout: 60_000 });
    await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}\?step=1$/);
    const first = sceneCards.first();
    await typeInto(page, first.getByLabel('Scene text'), 'A brand new opening line for the first scene');
    await typeInto(page, first.getByLabel('Title'), 'Opening');
    await pressOn(page, page.getByRole('button', { name: 'Next Step: Voiceover' }));

    // Step 2: a voice card is chosen with Space, a scene's speed moved with the arrow keys, then voiced.
    await expect(page).toHaveURL(/step=2$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Voiceover' })).toBeVisible();
    const voices = page.getByRole('button', { name: /^Choose voice / });
    await expect(voices.first()).toHaveAttribute('aria-pressed', 'true');
    // A filter (a Select) by the arrow keys: its list opens on the chosen option, the next one is taken with Enter.
    const gender = page.getByRole('combobox', { name: 'Gender' });
    const genderBefore = await gender.inputValue();
    await pressOn(page, gender, 'ArrowDown');
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(gender).not.toHaveValue(genderBefore);
    await expect(voices.nth(1)).toBeVisible();
    await pressOn(page, voices.nth(1), 'Space');
    await expect(voices.nth(1)).toHaveAttribute('aria-pressed', 'true');
    const speed = page.getByRole('slider', { name: 'Speed for scene 1' });
    await pressOn(page, speed, 'ArrowRight');
    await expect(speed).not.toHaveAttribute('aria-valuenow', '1');
    await pressOn(page, page.getByRole('button', { name: 'Generate Voiceover' }));
    await expect(page.locator('audio[controls]').first()).toBeVisible({ timeout: 120_000 });
    await expect(page.getByRole('button', { name: 'Regenerate Voiceover' })).toBeEnabled({ timeout: 120_000 });
    // Back to the script and forward again, by the step buttons.
    await pressOn(page, page.getByRole('button', { name: 'Previous: Script' }));
    await expect(page).toHaveURL(/step=1$/);
    await expect(first.getByLabel('Scene text')).toHaveValue('A brand new opening line for the first scene');
    await pressOn(page, page.getByRole('button', { name: 'Next Step: Voiceover' }));
    await expect(page.locator('audio[controls]').first()).toBeVisible();
    await pressOn(page, page.getByRole('button', { name: 'Next: Avatar & Setting' }));

    // Step 3: a described avatar, a model picked with Space (and back), four variations, one chosen with Enter.
    await expect(page).toHaveURL(/step=3$/);
    await typeInto(page, page.getByRole('textbox', { name: 'Avatar description' }), 'A smiling woman in a bright kitchen');
    const landscape = page.getByRole('button', { name: /^16:9/ });
    await pressOn(page, landscape, 'Space');
    await expect(landscape).toHaveAttribute('aria-pressed', 'true');
    const portrait = page.getByRole('button', { name: /^9:16/ });
    await pressOn(page, portrait, 'Enter');
    await expect(portrait).toHaveAttribute('aria-pressed', 'true');
    const flux = page.getByRole('button', { name: /^FLUX Kontext/ });
    await pressOn(page, flux, 'Space');
    await expect(flux).toHaveAttribute('aria-pressed', 'true');
    const imagen = page.getByRole('button', { name: /^Google Imagen 4 Ultra/ });
    await pressOn(page, imagen, 'Space');
    await expect(imagen).toHaveAttribute('aria-pressed', 'true');
    await pressOn(page, page.getByRole('button', { name: 'Generate 4 Avatar Variations' }));
    const avatars = page.getByRole('button', { name: /^Choose AI avatar \d$/ });
    await expect(avatars).toHaveCount(4, { timeout: 120_000 });
    await pressOn(page, avatars.nth(1));
    await expect(avatars.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await pressOn(page, page.getByRole('button', { name: 'Continue to Step 4' }));

    // Step 4: the drop zone opens the file chooser with Enter; the description is typed; a variation chosen with Space.
    await expect(page).toHaveURL(/step=4$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Avatar-Product' })).toBeVisible();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), pressOn(page, page.getByRole('button', { name: /product image/ }))]);
    await chooser.setFiles(productSample);
    await expect(page.getByRole('img', { name: 'Product' })).toBeVisible();
    await typeInto(page, page.getByLabel('Interaction description'), 'Holding the bottle next to her face and smiling');
    await pressOn(page, page.getByRole('button', { name: 'Generate 4 variations' }));
    const variations = page.getByRole('button', { name: /^Variation \d/ });
    await expect(variations).toHaveCount(4, { timeout: 120_000 });
    await pressOn(page, variations.nth(2), 'Space');
    await expect(variations.nth(2)).toHaveAttribute('aria-pressed', 'true');
    await pressOn(page, page.getByRole('button', { name: 'Continue to Video Generation' }));

    // Step 5: the arrow keys reach the HD option, whose lock dialog Escape closes; the videos are made.
    await expect(page).toHaveURL(/step=5$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Video Generation' })).toBeVisible();
    const standard = page.getByRole('radio', { name: /Standard/ });
    await expect(standard).toBeChecked();
    await pressOn(page, standard, 'ArrowDown');
    const hd = page.getByRole('dialog', { name: 'HD Quality Locked' });
    await expect(hd).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(hd).toBeHidden();
    await expect(standard).toBeChecked();
    await pressOn(page, page.getByRole('button', { name: 'Generate All Videos' }));
    await expect(page.getByRole('button', { name: 'Regenerate Videos' })).toBeVisible({ timeout: 420_000 });
    await pressOn(page, page.getByRole('button', { name: 'Go to Step 6' }));

    // Step 6: a transition and the captions' style by the arrow keys, the captions switched on with Space; merged with Enter.
    await expect(page.getByRole('heading', { level: 2, name: 'Merge & Export' })).toBeVisible();
    await pressOn(page, page.getByRole('radio', { name: 'No Transition' }), 'ArrowRight');
    await expect(page.getByRole('radio', { name: 'No Transition' })).not.toBeChecked();
    const captions = page.getByRole('switch', { name: /Burn captions into the video/ });
    await pressOn(page, captions, 'Space');
    await expect(captions).toBeChecked();
    const styles = page.getByRole('radiogroup', { name: 'Caption style' }).getByRole('radio');
    const checkedStyle = page.getByRole('radiogroup', { name: 'Caption style' }).getByRole('radio', { checked: true });
    const before = await checkedStyle.getAttribute('value');
    await pressOn(page, checkedStyle, 'ArrowRight');
    await expect.poll(() => checkedStyle.getAttribute('value')).not.toBe(before);
    expect(await styles.count()).toBeGreaterThan(1);
    await pressOn(page, page.getByRole('button', { name: 'Create Final Video' }));
    await expect(page.getByTestId('final-video')).toBeVisible({ timeout: 240_000 });
    await pressOn(page, page.getByRole('button', { name: 'Complete Project' }));
    await expect(page.getByText('Project Completed').first()).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});
