import { expect, test } from '@playwright/test';
import { signInWithDevApi, uniqueEmail } from '../support/auth.ts';
import { createProjectViaApi, sampleScenes, updateProjectViaApi } from '../support/projects.ts';
import { avatarSample, productSample } from '../support/wizard.ts';

// Spec §5 (and the §8 titles) word for word.
const avatarTypeMessage = 'Please upload a JPEG, PNG, GIF, or WebP image.';
const productTypeMessage = 'Please upload an image file (PNG, JPG, etc.)';
const productSizeMessage = 'Please upload an image smaller than 10MB';

/** A PNG signature followed by zeros: an "image" just over the 10MB limit, made in the test. */
function oversizedPng(): Buffer {
  const bytes = Buffer.alloc(10 * 1024 * 1024 + 1024);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
}

test.describe('Wizard uploads', { tag: '@web' }, () => {
  test('an uploaded avatar and product image are checked with the spec messages, then used', async ({ page }) => {
    test.setTimeout(120_000);
    await signInWithDevApi(page.request, { email: uniqueEmail('wizard-uploads'), name: 'Uma Upload' });
    const project = await createProjectViaApi(page.request);
    await updateProjectViaApi(page.request, project.id, { scenes: sampleScenes(['Hello there.', 'Here is the thing.', 'Buy it now.']), currentStep: 3 });
    await page.goto(`/project/${project.id}?step=3`);
    await page.getByRole('tab', { name: 'Upload Your Own' }).click();

    // Avatar: a file that is not an image type at all is refused before uploading…
    const avatarInput = page.getByLabel('Upload an avatar image');
    await avatarInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
    await expect(page.getByText('Invalid File Type')).toBeVisible();
    await expect(page.getByText(avatarTypeMessage)).toBeVisible();
    // …and text renamed .png (the browser calls it image/png) is refused by the server, which reads the content.
    await page.getByRole('alert').filter({ hasText: avatarTypeMessage }).getByRole('button').click();
    await expect(page.getByText(avatarTypeMessage)).toHaveCount(0);
    await avatarInput.setInputFiles({ name: 'not-a-photo.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not an image\n') });
    await expect(page.getByText(avatarTypeMessage)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Choose Uploaded avatar/ })).toHaveCount(0);

    // A real photo is uploaded, shown and chosen.
    await avatarInput.setInputFiles(avatarSample);
    const uploaded = page.getByRole('button', { name: 'Choose Uploaded avatar 1' });
    await expect(uploaded).toHaveAttribute('aria-pressed', 'true');
    const toStep4 = page.getByRole('button', { name: 'Continue to Step 4' });
    await expect(toStep4).toBeEnabled();

    // Removing the chosen upload clears the choice; a second upload is chosen again.
    await page.getByRole('button', { name: 'Remove uploaded avatar 1' }).click();
    await expect(uploaded).toHaveCount(0);
    await expect(toStep4).toBeDisabled();
    await expect(page.getByText('Generate avatars first')).toBeVisible();
    await avatarInput.setInputFiles(avatarSample);
    await expect(uploaded).toHaveAttribute('aria-pressed', 'true');
    await toStep4.click();

    // Product: the uploaded avatar holds it; a non-image and a file over 10MB are refused with the spec's messages.
    await expect(page).toHaveURL(/step=4$/);
    await expect(page.getByRole('img', { name: 'Selected avatar' })).toBeVisible();
    const productInput = page.getByTestId('product-file-input');
    await productInput.setInputFiles({ name: 'product.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') });
    const typeToast = page.getByRole('alert').filter({ hasText: productTypeMessage });
    await expect(typeToast).toContainText('Invalid File Type');
    await expect(page.getByRole('img', { name: 'Product' })).toHaveCount(0);

    await productInput.setInputFiles({ name: 'huge-product.png', mimeType: 'image/png', buffer: oversizedPng() });
    const sizeToast = page.getByRole('alert').filter({ hasText: productSizeMessage });
    await expect(sizeToast).toContainText('File Too Large');
    await expect(page.getByRole('img', { name: 'Product' })).toHaveCount(0);

    // A real product picture is taken and previewed.
    await productInput.setInputFiles(productSample);
    await expect(page.getByRole('img', { name: 'Product' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Replace product image' })).toBeVisible();
  });
});
