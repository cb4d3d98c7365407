import { emailLogListInputSchema, type EmailLog, type EmailLogList, type EmailLogListInput } from '@reelsmith/shared';
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
  let query = deps.db
    .selectFrom('email_logs as l')
    .leftJoin('email_templates as t', 't.id', 'l.template_id')
    .leftJoin('users as u', 'u.id', 'l.user_id');
  if (input.search) {
    const pattern = likePattern(input.search);
    query = query.where((eb) => eb.or([eb('l.recipient_email', 'ilike', pattern), eb('l.subject', 'ilike', pattern)]));
  }
  if (input.status) query = query.where('l.send_status', '=', input.status);
  if (input.startDate) query = query.where('l.created_at', '>=', dayStart(input.startDate));
  if (input.endDate) query = query.where('l.created_at', '<', new Date(dayStart(input.endDate).getTime() + dayMs));
  const [rows, count] = await Promise.all([
    query
      .select([
        'l.id', 'l.recipient_email', 'l.subject', 'l.email_type', 'l.send_status', 'l.sent_at', 'l.created_at', 'l.error_message',
        'l.html_content', 'l.text_content', 't.name as template_name', 't.html_content as template_html', 't.text_content as template_text',
        'u.id as user_id', 'u.first_name', 'u.last_name',
      ])
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
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
  return { logs, total: Number(count.total) };
}
