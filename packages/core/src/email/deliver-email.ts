import { claimEmailDelivery, findEmailLog, insertEmailLog, updateEmailLog, type EmailSendStatus, type Executor } from '@reelsmith/db';
import type { CoreDeps } from '../deps.ts';
import { readSystemSettings } from '../settings/system-settings.ts';
import { emailDisabledMessage, resolveSmtp, senderMissingMessage, smtpNotConfiguredMessage, type SmtpConfig } from './smtp-config.ts';
import { emailRetryPolicy, retryDelaySeconds } from './email-retry-policy.ts';
import { classifySmtpFailure } from './smtp-replies.ts';
import { sharedSmtpTransports } from './smtp-transports.ts';

export type { SmtpConfig };

/** The e-mail services use the core's dependencies, with the environment's SMTP server (CoreDeps.smtpFallback). */
export type EmailDeps = CoreDeps;

export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  emailType: string;
  templateId: string | null;
  userId: string | null;
}

export interface DeliveryResult {
  logId: string;
  status: EmailSendStatus;
  error: string | null;
}

/** Step one of every send: the rendered message is logged as pending before any delivery is tried. */
export async function logPendingEmail(db: Executor, mail: OutgoingEmail): Promise<string> {
  return insertEmailLog(db, {
    recipient_email: mail.to,
    subject: mail.subject,
    email_type: mail.emailType,
    template_id: mail.templateId,
    user_id: mail.userId,
    send_status: 'pending',
    html_content: mail.html,
    text_content: mail.text,
  });
}

export async function logFailedEmail(db: Executor, mail: OutgoingEmail, error: string): Promise<string> {
  const id = await logPendingEmail(db, mail);
  await updateEmailLog(db, id, { send_status: 'failed', error_message: error });
  return id;
}

/**
 * Step two: offers a logged message to the SMTP server (over a pooled connection) and records sent
 * (with message id), failed or bounced. A temporary refusal (4xx) leaves it pending and hands it to the
 * job queue to be tried again later, with a growing delay, up to a limit. A message that is no longer
 * pending (a duplicate retry after it was sent) is not offered again.
 */
export async function deliverLoggedEmail(deps: EmailDeps, logId: string, mail: OutgoingEmail): Promise<DeliveryResult> {
  const settings = await readSystemSettings(deps);
  const smtp = resolveSmtp(settings.email, deps.smtpFallback);
  const record = async (status: EmailSendStatus, error: string | null, messageId: string | null = null): Promise<DeliveryResult> => {
    await updateEmailLog(deps.db, logId, { send_status: status, error_message: error, message_id: messageId, ...(status === 'sent' ? { sent_at: deps.clock.now() } : {}) });
    // Never the SMTP credentials: only where it went and what happened.
    const log = { logId, to: mail.to, emailType: mail.emailType, status, error };
    if (status === 'sent') deps.logger.info(log, 'e-mail sent');
    else if (status === 'pending') deps.logger.info(log, 'e-mail refused for now; it will be tried again');
    else deps.logger.warn(log, 'e-mail not delivered');
    return { logId, status, error };
  };
  if (smtp.state !== 'ready') return record('failed', smtp.state === 'disabled' ? emailDisabledMessage : smtpNotConfiguredMessage);
  if (!smtp.config.from) return record('failed', senderMissingMessage);
  const attempt = await claimEmailDelivery(deps.db, logId);
  if (attempt === undefined) {
    const row = await findEmailLog(deps.db, logId);
    return { logId, status: row?.send_status ?? 'failed', error: row?.error_message ?? null };
  }
  const transport = (deps.smtpTransports ?? sharedSmtpTransports).get(smtp.config);
  try {
    const info = await transport.sendMail({ from: smtp.config.from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text || undefined });
    if ((info.accepted ?? []).length === 0 && (info.rejected ?? []).length > 0) return record('bounced', `The SMTP server rejected ${mail.to}`, info.messageId);
    return record('sent', null, info.messageId);
  } catch (err) {
    // A refused recipient or message is a bounce; set-up errors and temporary refusals are failures.
    const { kind, status, message } = classifySmtpFailure(err);
    if (kind === 'temporary' && deps.emailRetries && attempt < emailRetryPolicy.maxAttempts) {
      const delay = retryDelaySeconds(attempt, deps.emailRetries.baseDelaySeconds);
      const result = await record('pending', `${message}; trying again in ${delay} s (attempt ${attempt} of ${emailRetryPolicy.maxAttempts})`);
      await deps.emailRetries.retryEmailLater(logId, delay);
      return result;
    }
    return record(status, kind === 'temporary' && attempt > 1 ? `${message}; gave up after ${attempt} attempts` : message);
  }
}

/** A queued retry: offers a still-pending logged message again, rebuilt from its log row. */
export async function redeliverLoggedEmail(deps: EmailDeps, logId: string): Promise<DeliveryResult | null> {
  const row = await findEmailLog(deps.db, logId);
  if (!row || row.send_status !== 'pending') return null;
  const mail: OutgoingEmail = {
    to: row.recipient_email,
    subject: row.subject,
    html: row.html_content ?? '',
    text: row.text_content ?? '',
    emailType: row.email_type,
    templateId: row.template_id,
    userId: row.user_id,
  };
  return deliverLoggedEmail(deps, logId, mail);
}
