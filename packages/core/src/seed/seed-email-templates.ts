import { insertEmailTemplateIfAbsent } from '@reelsmith/db';
import type { CoreDeps } from '../deps.ts';
import { defaultEmailTemplates } from '../email/default-templates.ts';
import { sanitizeTemplateHtml } from '../email/sanitize-template-html.ts';

/** Adds the default templates that are missing; an admin's edits (and deletions of content) are kept. */
export async function seedEmailTemplates(deps: Pick<CoreDeps, 'db'>): Promise<void> {
  for (const t of defaultEmailTemplates) {
    await insertEmailTemplateIfAbsent(deps.db, { name: t.name, subject: t.subject, description: t.description, html_content: sanitizeTemplateHtml(t.htmlContent), text_content: t.textContent });
  }
}
