import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { EmailLogsTable, EmailSendStatus } from '../schema.ts';
import type { Executor } from './users.ts';

export async function insertEmailLog(db: Executor, values: Insertable<EmailLogsTable>): Promise<string> {
  return (await db.insertInto('email_logs').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateEmailLog(db: Executor, id: string, changes: Updateable<EmailLogsTable>): Promise<void> {
  await db.updateTable('email_logs').set(changes).where('id', '=', id).execute();
}

/** Counts one more delivery attempt of a still-pending message; undefined when it is no longer pending. */
export async function claimEmailDelivery(db: Executor, id: string): Promise<number | undefined> {
  const row = await db
    .updateTable('email_logs')
    .set((eb) => ({ delivery_attempts: eb('delivery_attempts', '+', 1) }))
    .where('id', '=', id)
    .where('send_status', '=', 'pending')
    .returning('delivery_attempts')
    .executeTakeFirst();
  return row?.delivery_attempts;
}

export function findEmailLog(db: Executor, id: string): Promise<Selectable<EmailLogsTable> | undefined> {
  return db.selectFrom('email_logs').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface EmailLogFilter {
  /** ILIKE pattern on the recipient or the subject. */
  pattern?: string | undefined;
  status?: EmailSendStatus | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  until?: Date | undefined;
}

/** The columns the e-mail log sorts by; each maps to a fixed expression, never to text from the caller. */
export type EmailLogSortColumn = 'recipient' | 'type' | 'status' | 'sent';

/** The e-mail log with each message's template and customer, newest first unless sorted otherwise, and the total. */
export async function listEmailLogRows(
  db: Executor,
  filter: EmailLogFilter,
  page: { limit: number; offset: number },
  sort?: { column: EmailLogSortColumn; direction: 'asc' | 'desc' },
) {
  let query = db.selectFrom('email_logs as l').leftJoin('email_templates as t', 't.id', 'l.template_id').leftJoin('users as u', 'u.id', 'l.user_id');
  if (filter.pattern) {
    const pattern = filter.pattern;
    query = query.where((eb) => eb.or([eb('l.recipient_email', 'ilike', pattern), eb('l.subject', 'ilike', pattern)]));
  }
  if (filter.status) query = query.where('l.send_status', '=', filter.status);
  if (filter.from) query = query.where('l.created_at', '>=', filter.from);
  if (filter.until) query = query.where('l.created_at', '<', filter.until);
  const [rows, count] = await Promise.all([
    query
      .select([
        'l.id', 'l.recipient_email', 'l.subject', 'l.email_type', 'l.send_status', 'l.sent_at', 'l.created_at', 'l.error_message',
        'l.html_content', 'l.text_content', 't.name as template_name', 't.html_content as template_html', 't.text_content as template_text',
        'u.id as user_id', 'u.first_name', 'u.last_name',
      ])
      .$call((q) => {
        const direction = sort?.direction ?? 'desc';
        switch (sort?.column) {
          case 'recipient':
            return q.orderBy(sql`lower(l.recipient_email)`, direction);
          case 'type':
            return q.orderBy(sql`coalesce(t.name, l.email_type)`, direction);
          case 'status':
            return q.orderBy('l.send_status', direction);
          case 'sent':
            return q.orderBy(sql`coalesce(l.sent_at, l.created_at)`, direction);
          default:
            return q.orderBy('l.created_at', direction);
        }
      })
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
