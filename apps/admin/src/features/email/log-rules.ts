import type { EmailLog, EmailSendStatus } from '@reelsmith/shared';
import { formatDateTime } from '../../lib/format.ts';

// What the Logs tab and the Log details dialog show for each log (admin spec §2, Email Settings).

export const statusColor: Record<EmailSendStatus, string> = { sent: 'teal', pending: 'yellow', failed: 'red', bounced: 'orange' };

export const statusLabel: Record<EmailSendStatus, string> = { sent: 'Sent', pending: 'Pending', failed: 'Failed', bounced: 'Bounced' };

type LogFields = Pick<EmailLog, 'sentAt' | 'createdAt' | 'sendStatus' | 'user' | 'template' | 'emailType' | 'htmlContent' | 'textContent'>;

/** The linked customer's 'first last', or null when there is none (or no name). */
export function recipientName(log: Pick<LogFields, 'user'>): string | null {
  if (!log.user) return null;
  const name = [log.user.firstName, log.user.lastName].map((p) => p?.trim()).filter(Boolean).join(' ');
  return name || null;
}

/** The template's name, else the e-mail type. */
export function templateOrType(log: Pick<LogFields, 'template' | 'emailType'>): string {
  return log.template?.name || log.emailType;
}

/** Whether an unsent mail is still on its way (pending) or will not be sent (failed, bounced). */
function willNotBeSent(status: EmailSendStatus | undefined): boolean {
  return status === 'failed' || status === 'bounced';
}

/**
 * The Sent Date & Time cell: the sent time, else the created time marked 'not yet sent' (pending) or
 * 'not sent' (failed, bounced: the same word as the details dialog), else '-'.
 */
export function sentDateCell(log: Pick<LogFields, 'sentAt' | 'createdAt'> & { sendStatus?: EmailSendStatus }): { text: string; note: string | null } {
  if (log.sentAt) return { text: formatDateTime(log.sentAt), note: null };
  if (log.createdAt) return { text: formatDateTime(log.createdAt), note: willNotBeSent(log.sendStatus) ? 'Created date (not sent)' : 'Created date (not yet sent)' };
  return { text: '-', note: null };
}

/**
 * The dialog's Sent Date: the sent time, else the created time with '(pending)' (spec §2) — or, for a
 * mail that will not be sent (failed, bounced), with '(not sent)': it is not waiting for anything.
 */
export function detailSentDate(log: Pick<LogFields, 'sentAt' | 'createdAt' | 'sendStatus'>): string {
  if (log.sentAt) return formatDateTime(log.sentAt);
  if (log.createdAt) return `${formatDateTime(log.createdAt)} ${willNotBeSent(log.sendStatus) ? '(not sent)' : '(pending)'}`;
  return '-';
}

export const templateFallbackWarning = 'Showing template content (with placeholders) - actual sent content not available for older emails';
export const noContentText = 'No email content available';

/** The Email Content of the dialog: the sent HTML, else the template's with a warning, else nothing. */
export function detailHtml(log: Pick<LogFields, 'htmlContent' | 'template'>): { html: string | null; warning: string | null } {
  if (log.htmlContent) return { html: log.htmlContent, warning: null };
  if (log.template?.htmlContent) return { html: log.template.htmlContent, warning: templateFallbackWarning };
  return { html: null, warning: null };
}

/** The Plain Text Content: the log's, else the template's, else none (the section is hidden). */
export function detailText(log: Pick<LogFields, 'textContent' | 'template'>): string | null {
  return log.textContent || log.template?.textContent || null;
}

/**
 * An e-mail address cut into pieces a line may break between: after '@' and before each '.', '-', '_'
 * or '+', so a long address wraps at its natural joints instead of mid-word.
 */
export function emailBreakPieces(email: string): string[] {
  return email.split(/(?<=@)|(?=[.\-_+])/).filter(Boolean);
}

/** A long error shortened for the table cell; '-' when there is none. */
export function shortError(message: string | null, max = 60): string {
  if (!message) return '-';
  return message.length > max ? `${message.slice(0, max - 1)}…` : message;
}
