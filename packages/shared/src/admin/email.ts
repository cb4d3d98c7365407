import { z } from 'zod';
import { pageInfoShape, pageLimitSchema, pageNumberSchema } from '../paging.ts';
import { sortShape } from './paging.ts';

// E-mail templates and the e-mail log of the back-office (admin spec §2 Email Settings, §3, §7).

export const EMAIL_TEMPLATES_PAGE_SIZE = 20;
export const EMAIL_LOGS_PAGE_SIZE = 20;

export const emailSendStatuses = ['sent', 'pending', 'failed', 'bounced'] as const;
export type EmailSendStatus = (typeof emailSendStatuses)[number];

/** Lower-case names such as welcome or project_complete (the same rule as the table's check). */
export const emailTemplateNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9_.-]{0,99}$/, 'Use lower-case letters, digits, _ . or - (for example welcome or project_complete)');

const optionalSearch = z.string().trim().max(200).optional().transform((v) => v || undefined);

export const emailTemplateListInputSchema = z.object({
  page: pageNumberSchema,
  limit: pageLimitSchema(EMAIL_TEMPLATES_PAGE_SIZE),
  search: optionalSearch,
});
export type EmailTemplateListInput = z.input<typeof emailTemplateListInputSchema>;

/** The template body as the dialog sends it; createdAt/updatedAt are accepted and dropped (spec §3). */
export const emailTemplateInputSchema = z.object({
  name: emailTemplateNameSchema,
  subject: z.string().trim().min(1, 'Subject is required').max(300),
  description: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => v || null),
  htmlContent: z.string().max(200_000).default(''),
  textContent: z.string().max(100_000).default(''),
  isActive: z.boolean().default(true),
  createdAt: z.unknown().optional().transform(() => undefined),
  updatedAt: z.unknown().optional().transform(() => undefined),
});
export type EmailTemplateInput = z.input<typeof emailTemplateInputSchema>;

export const emailTemplateUpdateInputSchema = emailTemplateInputSchema.extend({ id: z.uuid() });

export const emailTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  description: z.string().nullable(),
  htmlContent: z.string(),
  textContent: z.string(),
  isActive: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

/** The paging envelope, with the rows also under `templates` as the admin spec §3 names them. */
export const emailTemplateListSchema = z.object({ data: z.array(emailTemplateSchema), templates: z.array(emailTemplateSchema), ...pageInfoShape });
export type EmailTemplateList = z.infer<typeof emailTemplateListSchema>;

/** A calendar day or a full ISO instant; the range covers whole days (inclusive). */
const isoDate = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || !Number.isNaN(new Date(v).getTime()), 'Use an ISO date such as 2026-11-22');

export const EMAIL_LOG_SORT_COLUMNS = ['recipient', 'type', 'status', 'sent'] as const;
export type EmailLogSortColumn = (typeof EMAIL_LOG_SORT_COLUMNS)[number];

export const emailLogListInputSchema = z.object({
  ...sortShape(EMAIL_LOG_SORT_COLUMNS),
  page: pageNumberSchema,
  limit: pageLimitSchema(EMAIL_LOGS_PAGE_SIZE),
  search: optionalSearch,
  status: z
    .enum([...emailSendStatuses, 'all'])
    .optional()
    .transform((v) => (v === 'all' ? undefined : v)),
  startDate: isoDate,
  endDate: isoDate,
});
export type EmailLogListInput = z.input<typeof emailLogListInputSchema>;

export const emailLogSchema = z.object({
  id: z.string(),
  recipientEmail: z.string(),
  subject: z.string(),
  emailType: z.string(),
  sendStatus: z.enum(emailSendStatuses),
  sentAt: z.date().nullable(),
  createdAt: z.date(),
  errorMessage: z.string().nullable(),
  htmlContent: z.string().nullable(),
  textContent: z.string().nullable(),
  template: z.object({ name: z.string(), htmlContent: z.string(), textContent: z.string() }).nullable(),
  user: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
});
export type EmailLog = z.infer<typeof emailLogSchema>;

/** The paging envelope, with the rows also under `logs` as the admin spec §3 names them. */
export const emailLogListSchema = z.object({ data: z.array(emailLogSchema), logs: z.array(emailLogSchema), ...pageInfoShape });
export type EmailLogList = z.infer<typeof emailLogListSchema>;

export const sendTestEmailInputSchema = z.object({
  templateName: z.string().trim().min(1, 'Choose a template'),
  recipientEmail: z.string().trim().max(320).pipe(z.email('Enter a valid e-mail address')),
});
export type SendTestEmailInput = z.input<typeof sendTestEmailInputSchema>;

export const sendTestEmailResultSchema = z.object({ message: z.string(), logId: z.string(), status: z.enum(emailSendStatuses) });

/** Link schemes the editor and the server accept (spec §5); anything else becomes a blank address. */
export const allowedLinkProtocols = ['http', 'https', 'mailto', 'tel'] as const;

/**
 * True for an href whose scheme is allowed, or one that starts with a {{placeholder}} (filled when the
 * mail is sent and checked again then). A relative address is refused: e-mail has no base address.
 */
export function isAllowedLinkHref(href: string): boolean {
  if (/^\{\{\s*[A-Za-z_][A-Za-z0-9_.]*\s*\}\}/.test(href)) return true;
  const match = /^\s*([a-z][a-z0-9+.-]*):/i.exec(href);
  return Boolean(match && (allowedLinkProtocols as readonly string[]).includes(match[1]!.toLowerCase()));
}
