import { AppError } from '@reelsmith/shared';
import { deliverLoggedEmail, logFailedEmail, logPendingEmail, type DeliveryResult, type EmailDeps, type OutgoingEmail } from './deliver-email.ts';
import { findEmailTemplateByName } from './email-templates.ts';
import { renderTemplate, type PlaceholderValues } from './render-template.ts';

export interface TemplatedEmail {
  templateName: string;
  to: string;
  values: PlaceholderValues;
  emailType: string;
  userId: string | null;
}

export interface PreparedEmail {
  logId: string;
  mail: OutgoingEmail;
}

/**
 * Renders an active template and logs it as pending. A missing or inactive template is logged as a
 * failed message rather than dropped (or, with `requireActive`, refused with a 4xx for the test send).
 */
export async function prepareTemplatedEmail(deps: EmailDeps, email: TemplatedEmail, options: { requireActive?: boolean } = {}): Promise<PreparedEmail | DeliveryResult> {
  const template = await findEmailTemplateByName(deps.db, email.templateName);
  const base = { to: email.to, emailType: email.emailType, userId: email.userId };
  if (!template || !template.is_active) {
    const reason = template ? `The template "${email.templateName}" is inactive` : `No template named "${email.templateName}"`;
    if (options.requireActive) throw new AppError(template ? 'BAD_REQUEST' : 'NOT_FOUND', `${reason}. Choose an active template.`);
    const mail: OutgoingEmail = { ...base, subject: `(${email.templateName})`, html: '', text: '', templateId: template?.id ?? null };
    const logId = await logFailedEmail(deps.db, mail, reason);
    deps.logger.warn({ logId, template: email.templateName, reason }, 'e-mail not sent: template unavailable');
    return { logId, status: 'failed', error: reason };
  }
  const rendered = renderTemplate({ subject: template.subject, htmlContent: template.html_content, textContent: template.text_content }, email.values);
  if (rendered.missing.length) deps.logger.warn({ template: template.name, missing: rendered.missing }, 'e-mail placeholders without a value were left as written');
  const mail: OutgoingEmail = { ...base, subject: rendered.subject, html: rendered.html, text: rendered.text, templateId: template.id };
  return { logId: await logPendingEmail(deps.db, mail), mail };
}

/** Renders, logs and delivers a template now (the caller waits for the SMTP answer). */
export async function sendTemplatedEmail(deps: EmailDeps, email: TemplatedEmail, options: { requireActive?: boolean } = {}): Promise<DeliveryResult> {
  const prepared = await prepareTemplatedEmail(deps, email, options);
  if (!('mail' in prepared)) return prepared;
  return deliverLoggedEmail(deps, prepared.logId, prepared.mail);
}
