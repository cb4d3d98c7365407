import { z } from 'zod';
import { adminPublicSchema, adminRoles } from '../admin-auth.ts';

// Admin accounts (admin spec §2 System Settings → Admins, §3 Admin user, §5, §7).

export const adminListItemSchema = adminPublicSchema.extend({ isMain: z.boolean(), createdAt: z.date() });
export type AdminListItem = z.infer<typeof adminListItemSchema>;

/**
 * The strength rule for new admin passwords: at least `minLength` characters (the
 * passwordMinLength setting) and at least three of lower case, upper case, digits and symbols.
 * Returns the problem to show, or null when the password is strong enough.
 */
export function passwordWeakness(password: string, minLength: number): string | null {
  if (password.length < minLength) return `The password must be at least ${minLength} characters long.`;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (classes < 3) return 'The password must mix at least three of: lower-case letters, upper-case letters, digits and symbols.';
  return null;
}

/** 'Ada Lovelace King' → first 'Ada', last 'Lovelace King' (the Add Admin form's Name, spec §5). */
export function splitAdminName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim();
  const space = trimmed.indexOf(' ');
  if (space < 0) return { firstName: trimmed, lastName: '' };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() };
}

export const createAdminInputSchema = z.object({
  email: z.email({ error: 'Enter a valid e-mail address.' }).trim().toLowerCase().max(320),
  password: z.string({ error: 'Enter a password.' }).min(1, { error: 'Enter a password.' }).max(1024),
  firstName: z.string().trim().max(100).default(''),
  lastName: z.string().trim().max(100).default(''),
  role: z.enum(adminRoles, { error: 'Choose a role: admin, superadmin or support.' }).default('admin'),
});
export type CreateAdminInput = z.input<typeof createAdminInputSchema>;

export const deleteAdminInputSchema = z.object({ id: z.string().uuid({ error: 'Admin not found' }) });
