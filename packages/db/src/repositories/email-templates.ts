import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import type { Executor } from './users.ts';

const templateColumns = ['id', 'name', 'subject', 'description', 'html_content', 'text_content', 'is_active', 'created_at', 'updated_at'] as const;

export interface EmailTemplateRow {
  id: string;
  name: string;
  subject: string;
  description: string | null;
  html_content: string;
  text_content: string;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

/** What a template's editor sets (the row without its id and timestamps). */
export type EmailTemplateValues = Omit<EmailTemplateRow, 'id' | 'created_at' | 'updated_at'>;

/** Templates by name, optionally those whose name or subject matches an ILIKE pattern; with the total. */
export async function listEmailTemplateRows(db: Executor, filter: { pattern?: string | undefined }, page: { limit: number; offset: number }): Promise<{ rows: EmailTemplateRow[]; total: number }> {
  let query = db.selectFrom('email_templates');
  if (filter.pattern) {
    const pattern = filter.pattern;
    query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('subject', 'ilike', pattern)]));
  }
  const [rows, count] = await Promise.all([
    query.select(templateColumns).orderBy('name').limit(page.limit).offset(page.offset).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function findEmailTemplateRowByName(db: Executor, name: string): Promise<EmailTemplateRow | undefined> {
  return db.selectFrom('email_templates').select(templateColumns).where('name', '=', name).executeTakeFirst();
}

/** A template, locked until the transaction ends. */
export function lockEmailTemplateRow(trx: Transaction<Database>, id: string): Promise<EmailTemplateRow | undefined> {
  return trx.selectFrom('email_templates').select(templateColumns).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Whether another template than `exceptId` has this name. */
export async function emailTemplateNameTaken(db: Executor, name: string, exceptId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('email_templates').select('id').where('name', '=', name).where('id', '!=', exceptId).executeTakeFirst());
}

export function insertEmailTemplateRow(db: Executor, values: EmailTemplateValues): Promise<EmailTemplateRow> {
  return db.insertInto('email_templates').values(values).returning(templateColumns).executeTakeFirstOrThrow();
}

export function updateEmailTemplateRow(db: Executor, id: string, values: EmailTemplateValues): Promise<EmailTemplateRow> {
  return db.updateTable('email_templates').set(values).where('id', '=', id).returning(templateColumns).executeTakeFirstOrThrow();
}

/** Adds a template unless one has its name (an admin's edits are kept). */
export async function insertEmailTemplateIfAbsent(db: Executor, values: Omit<EmailTemplateValues, 'is_active'>): Promise<void> {
  await db.insertInto('email_templates').values(values).onConflict((oc) => oc.column('name').doNothing()).execute();
}
