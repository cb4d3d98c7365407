import { emailLogListInputSchema, pageInfo, pageOffset, type EmailLog, type EmailLogList, type EmailLogListInput } from '@reelsmith/shared';
import { listEmailLogRows } from '@reelsmith/db';
import type { CoreDeps } from '../deps.ts';
import { likePattern } from './email-templates.ts';

/** The UTC calendar day of an ISO date or instant, as the start of that day. */
export function dayStart(iso: string): Date {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(iso.trim())?.[0] ?? new Date(iso).toISOString().slice(0, 10);
  return new Date(`${day}T00:00:00.000Z`);
}

const dayMs = 24 * 3600_000;

/** The e-mail log, newest first; the date range covers whole (UTC) days, both ends included. */
export async function listEmailLogs(deps: Pick<CoreDeps, 'db'>, raw: EmailLogListInput): Promise<EmailLogList> {
  const input = emailLogListInputSchema.parse(raw);
  const { rows, total } = await listEmailLogRows(
    deps.db,
    {
      pattern: input.search ? likePattern(input.search) : undefined,
      status: input.status,
      from: input.startDate ? dayStart(input.startDate) : undefined,
      until: input.endDate ? new Date(dayStart(input.endDate).getTime() + dayMs) : undefined,
    },
    { limit: input.limit, offset: pageOffset(input.page, input.limit) },
    input.sort ? { column: input.sort, direction: input.dir ?? 'asc' } : undefined,
  );
  const logs: EmailLog[] = rows.map((r) => ({
    id: r.id,
    recipientEmail: r.recipient_email,
    subject: r.subject,
    emailType: r.email_type,
    sendStatus: r.send_status,
    sentAt: r.sent_at,
    createdAt: r.created_at,
    errorMessage: r.error_message,
    htmlContent: r.html_content,
    textContent: r.text_content,
    template: r.template_name !== null ? { name: r.template_name, htmlContent: r.template_html ?? '', textContent: r.template_text ?? '' } : null,
    user: r.user_id !== null ? { firstName: r.first_name, lastName: r.last_name } : null,
  }));
  return { data: logs, logs, ...pageInfo(input.page, input.limit, total) };
}
