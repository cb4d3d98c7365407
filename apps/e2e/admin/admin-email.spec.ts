import { expect, test, type Page } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { openAdminScreenSignedIn } from '../support/admin.ts';
import { host, smtpSinkPort } from '../support/env.ts';
import { saveScreenshot, screensRequested } from '../support/screens.ts';

const desktop = { width: 1280, height: 900 };

const shot = (page: Page, name: string) => saveScreenshot(page, `admin-email-${name}`);

/** The SMTP server the development sign-in server sends through (playwright.config.ts serverEnv). */
const received: ParsedMail[] = [];
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData: (stream, _session, callback) => {
    simpleParser(stream).then(
      (mail) => {
        received.push(mail);
        callback();
      },
      (err: Error) => callback(err),
    );
  },
});

async function arrived(match: (mail: ParsedMail) => boolean): Promise<ParsedMail> {
  await expect.poll(() => received.some(match), { timeout: 30_000, message: 'the test e-mail reaches the SMTP server' }).toBe(true);
  return received.find(match)!;
}

test.describe('Admin e-mail', { tag: '@admin' }, () => {
  test.beforeAll(async () => {
    await new Promise<void>((resolveListen, reject) => {
      sink.once('error', reject);
      sink.listen(smtpSinkPort, host, () => resolveListen());
    });
  });
  test.afterAll(async () => {
    await new Promise<void>((done) => sink.close(() => done()));
  });

  test('an admin edits a template and sends a test e-mail that the SMTP server receives; the log shows it sent', async ({ page }) => {
    test.slow();
    await page.setViewportSize(desktop);
    const stamp = Date.now().toString(36);
    const subject = `Payment problem ${stamp}`;
    const recipient = `qa-${stamp}@example.com`;

    await openAdminScreenSignedIn(page, 'Email Settings', 'Email Settings');
    await expect(page.getByText('Manage email templates and view email logs')).toBeVisible();
    const templateRow = page.getByRole('row').filter({ hasText: 'payment_failed' });
    await expect(templateRow).toContainText('Active');
    if (screensRequested) await shot(page, 'templates');

    // Edit the template: subject, rich-text body with a bold placeholder, and the plain-text part.
    await templateRow.getByRole('button', { name: 'Edit payment_failed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Template' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Subject').fill(subject);
    const editor = dialog.getByRole('textbox', { name: 'HTML Content' });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await page.keyboard.type(`Please update your card ${stamp}, `);
    await dialog.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('{{firstName}}');
    await expect(editor.locator('strong')).toHaveText('{{firstName}}');
    await dialog.getByLabel('Text Content').fill(`Plain text ${stamp} for {{firstName}}`);
    if (screensRequested) await shot(page, 'template-dialog');
    await dialog.getByRole('button', { name: 'Save Template' }).click();
    await expect(page.getByText('Template updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(templateRow).toContainText(subject);

    // Send it as a test e-mail from the Templates tab.
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    const send = page.getByRole('dialog', { name: 'Send Test Email' });
    await expect(send.getByText('Send a test email to verify email content is being saved correctly.')).toBeVisible();
    const sendButton = send.getByRole('button', { name: 'Send Test Email' });
    await expect(sendButton).toBeDisabled();
    await send.getByLabel('Template', { exact: true }).click();
    await page.getByRole('option', { name: 'payment_failed', exact: true }).click();
    await expect(sendButton).toBeDisabled();
    await send.getByLabel('Recipient Email').fill(recipient);
    if (screensRequested) await shot(page, 'send-test');
    await sendButton.click();
    await expect(page.getByText('Test email sent successfully. Check Email Logs to verify content.')).toBeVisible();

    const mail = await arrived((m) => m.subject === subject);
    expect(JSON.stringify(mail.to)).toContain(recipient);
    expect(mail.html).toContain(`Please update your card ${stamp}, <strong>Test</strong>`);
    expect(mail.text).toContain(`Plain text ${stamp} for Test`);

    // The log lists it as sent, with its content in the details dialog.
    await page.getByRole('tab', { name: 'Logs' }).click();
    await page.getByRole('textbox', { name: 'Search by email or subject...' }).fill(recipient);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const logRow = page.getByRole('row').filter({ hasText: recipient });
    await expect(logRow).toHaveCount(1);
    await expect(logRow).toContainText('payment_failed');
    await expect(logRow).toContainText(subject);
    await expect(logRow).toContainText('Sent');
    if (screensRequested) await shot(page, 'logs');
    await logRow.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'Email Log Details' });
    await expect(details.getByTestId('email-content')).toContainText(`Please update your card ${stamp}, Test`);
    await expect(details).toContainText(`Plain text ${stamp} for Test`);
    if (screensRequested) await shot(page, 'log-details');
    await details.getByRole('button', { name: 'Close', exact: true }).click();

    // The date-range picker: future days cannot be chosen; Apply needs a day.
    await page.getByRole('button', { name: 'Pick a date range' }).click();
    await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
    if (screensRequested) await shot(page, 'date-range');
    await page.getByRole('button', { name: 'Clear' }).click();
  });
});
