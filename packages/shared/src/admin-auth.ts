import { z } from 'zod';

export const adminMissingFieldsMessage = 'Missing fields: Please enter both email and password';

export const adminLoginSchema = z.object({
  email: z.string({ error: adminMissingFieldsMessage }).trim().min(1, { error: adminMissingFieldsMessage }).max(320),
  password: z.string({ error: adminMissingFieldsMessage }).min(1, { error: adminMissingFieldsMessage }).max(1024),
});
export type AdminLoginInput = z.infer<typeof adminLoginSchema>;

export const adminRoles = ['admin', 'superadmin', 'support'] as const;

export const adminPublicSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(adminRoles),
  isActive: z.boolean(),
});
export type AdminPublicShape = z.infer<typeof adminPublicSchema>;

/** 'first last', whichever exists, else 'Unnamed Admin' (admin spec §3). */
export function adminDisplayName(admin: { firstName: string | null; lastName: string | null }): string {
  const name = [admin.firstName, admin.lastName].filter((p) => p && p.trim()).join(' ').trim();
  return name || 'Unnamed Admin';
}
