import { z } from 'zod';

/** The signed-in customer as the auth-user call answers it (customer spec §3, Current user). */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  createdAt: z.date(),
  dailyVideoCount: z.number().int().nonnegative(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** What the development sign-in form posts. */
export const devSignInSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email({ error: 'Enter a valid e-mail address.' })).pipe(z.string().max(320)),
  name: z.string().trim().max(200, { error: 'The name is too long.' }).optional().default(''),
  returnTo: z.string().optional(),
});
export type DevSignInInput = z.infer<typeof devSignInSchema>;

/** Splits a display name at the first space: first name before it, the rest as last name. */
export function splitName(name: string): { firstName: string | null; lastName: string | null } {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (!trimmed) return { firstName: null, lastName: null };
  const at = trimmed.indexOf(' ');
  if (at < 0) return { firstName: trimmed, lastName: null };
  return { firstName: trimmed.slice(0, at), lastName: trimmed.slice(at + 1) };
}
