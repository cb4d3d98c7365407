import {
  emailTemplateNameTaken,
  findEmailTemplateRowByName,
  insertEmailTemplateRow,
  listEmailTemplateRows,
  lockEmailTemplateRow,
  updateEmailTemplateRow,
  type EmailTemplateRow,
  type Executor,
} from '@reelsmith/db';
import {
  AppError,
  emailTemplateInputSchema,
  emailTemplateListInputSchema,
  pageInfo,
  pageOffset,
  type EmailTemplate,
  type EmailTemplateInput,
  type EmailTemplateList,
  type EmailTemplateListInput,
} from '@reelsmith/shared';
import { writeAudit } from '../audit/write-audit.ts';
import type { CoreDeps } from '../deps.ts';
import type { AdminActor } from '../admin/admin-actor.ts';
import { sanitizeTemplateHtml } from './sanitize-template-html.ts';

type TemplateRow = EmailTemplateRow;

function toTemplate(row: TemplateRow): EmailTemplate {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    description: row.description,
    htmlContent: row.html_content,
    textContent: row.text_content,
    isActive: row.is_active,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** `%term%` for ILIKE with the wildcard characters of the term itself escaped. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listEmailTemplates(deps: Pick<CoreDeps, 'db'>, raw: EmailTemplateListInput): Promise<EmailTemplateList> {
  const input = emailTemplateListInputSchema.parse(raw);
  const { rows, total } = await listEmailTemplateRows(
    deps.db,
    { pattern: input.search ? likePattern(input.search) : undefined },
    { limit: input.limit, offset: pageOffset(input.page, input.limit) },
  );
  const templates = rows.map(toTemplate);
  return { data: templates, templates, ...pageInfo(input.page, input.limit, total) };
}

export function findEmailTemplateByName(db: Executor, name: string): Promise<TemplateRow | undefined> {
  return findEmailTemplateRowByName(db, name.trim().toLowerCase());
}

const duplicateName = (name: string) => new AppError('CONFLICT', `A template named "${name}" already exists.`);

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

function templateValues(raw: EmailTemplateInput) {
  const input = emailTemplateInputSchema.parse(raw);
  return {
    name: input.name,
    subject: input.subject,
    description: input.description,
    html_content: sanitizeTemplateHtml(input.htmlContent),
    text_content: input.textContent,
    is_active: input.isActive,
  };
}

/** Creates a template (HTML sanitised) and audits it in the same transaction. */
export async function createEmailTemplate(deps: CoreDeps, actor: AdminActor, raw: EmailTemplateInput): Promise<EmailTemplate> {
  const values = templateValues(raw);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      if (await findEmailTemplateByName(trx, values.name)) throw duplicateName(values.name);
      const row = await insertEmailTemplateRow(trx, values);
      await writeAudit(trx, {
        action: 'email_template_create',
        userType: 'admin',
        adminId: actor.id,
        adminEmail: actor.email,
        ipAddress: actor.ip,
        resourceType: 'email_template',
        resourceId: row.id,
        details: { name: row.name, isActive: row.is_active },
      });
      return toTemplate(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(values.name);
    throw err;
  }
}

/** Replaces a template's fields (HTML sanitised) and audits which fields changed. */
export async function updateEmailTemplate(deps: CoreDeps, actor: AdminActor, id: string, raw: EmailTemplateInput): Promise<EmailTemplate> {
  const values = templateValues(raw);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const before = await lockEmailTemplateRow(trx, id);
      if (!before) throw new AppError('NOT_FOUND', 'Template not found');
      if (await emailTemplateNameTaken(trx, values.name, id)) throw duplicateName(values.name);
      const row = await updateEmailTemplateRow(trx, id, values);
      const changed = (Object.keys(values) as (keyof typeof values)[]).filter((k) => before[k] !== values[k]);
      await writeAudit(trx, {
        action: 'email_template_update',
        userType: 'admin',
        adminId: actor.id,
        adminEmail: actor.email,
        ipAddress: actor.ip,
        resourceType: 'email_template',
        resourceId: row.id,
        details: { name: row.name, isActive: row.is_active, changed },
      });
      return toTemplate(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(values.name);
    throw err;
  }
}
