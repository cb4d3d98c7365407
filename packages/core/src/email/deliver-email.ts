import nodemailer from 'nodemailer';
import type { EmailSendStatus, Executor } from '@reelsmith/db';
import type { CoreDeps } from '../deps.ts';
import { readSystemSettings } from '../settings/system-settings.ts';
import { emailDisabledMessage, requireTlsByDefault, resolveSmtp, senderMissingMessage, smtpNotConfiguredMessage, type SmtpConfig } from './smtp-config.ts';
import { classifySmtpFailure } from './smtp-replies.ts';

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
  const row = await db
    .insertInto('email_logs')
    .values({
      recipient_email: mail.to,
      subject: mail.subject,
      email_type: mail.emailType,
      template_id: mail.templateId,
      user_id: mail.userId,
      send_status: 'pending',
      html_content: mail.html,
      text_content: mail.text,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function logFailedEmail(db: Executor, mail: OutgoingEmail, error: string): Promise<string> {
  const id = await logPendingEmail(db, mail);
  await db.updateTable('email_logs').set({ send_status: 'failed', error_message: error }).where('id', '=', id).execute();
  return id;
}

function transportFor(config: SmtpConfig) {
  return nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure,
    // STARTTLS is required (no password or message in clear if a network strips it), loopback aside.
    requireTLS: !config.secure && (config.requireTls ?? requireTlsByDefault(config.host)),
    ...(config.ehloName ? { name: config.ehloName } : {}),
    ...(config.ca ? { tls: { ca: config.ca } } : {}),
    auth: config.user ? { user: config.user, pass: config.password ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}

/** Step two: delivers a logged message over SMTP and records sent (with message id), failed or bounced. */
export async function deliverLoggedEmail(deps: EmailDeps, logId: string, mail: OutgoingEmail): Promise<DeliveryResult> {
  const settings = await readSystemSettings(deps);
  const smtp = resolveSmtp(settings.email, deps.smtpFallback);
  const finish = async (status: EmailSendStatus, error: string | null, messageId: string | null = null): Promise<DeliveryResult> => {
    await deps.db
      .updateTable('email_logs')
      .set({ send_status: status, error_message: error, message_id: messageId, ...(status === 'sent' ? { sent_at: deps.clock.now() } : {}) })
      .where('id', '=', logId)
      .execute();
    // Never the SMTP credentials: only where it went and what happened.
    const log = { logId, to: mail.to, emailType: mail.emailType, status, error };
    if (status === 'sent') deps.logger.info(log, 'e-mail sent');
    else deps.logger.warn(log, 'e-mail not delivered');
    return { logId, status, error };
  };
  if (smtp.state !== 'ready') return finish('failed', smtp.state === 'disabled' ? emailDisabledMessage : smtpNotConfiguredMessage);
  if (!smtp.config.from) return finish('failed', senderMissingMessage);
  const transport = transportFor(smtp.config);
  try {
    const info = await transport.sendMail({ from: smtp.config.from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text || undefined });
    if (info.accepted.length === 0 && info.rejected.length > 0) return finish('bounced', `The SMTP server rejected ${mail.to}`, info.messageId);
    return finish('sent', null, info.messageId);
  } catch (err) {
    // A refused recipient or message is a bounce; set-up errors and temporary refusals are failures.
    const { status, message } = classifySmtpFailure(err);
    return finish(status, message);
  } finally {
    transport.close();
  }
}
