import { z } from 'zod';
import { PROJECT_STATUSES } from '../constants.ts';
import { adminIdSchema, adminSearchSchema, sortShape } from './paging.ts';
import { pageInfoShape, pageLimitSchema, pageNumberSchema } from '../paging.ts';

export const ADMIN_USERS_PAGE_SIZE = 10;

export const ADMIN_USER_SORT_COLUMNS = ['name', 'email', 'projects', 'joined', 'status'] as const;
export type AdminUserSortColumn = (typeof ADMIN_USER_SORT_COLUMNS)[number];

export const adminUsersListInputSchema = z.object({
  page: pageNumberSchema,
  limit: pageLimitSchema(ADMIN_USERS_PAGE_SIZE),
  search: adminSearchSchema,
  userId: adminIdSchema.optional(),
  ...sortShape(ADMIN_USER_SORT_COLUMNS),
});
/** The CSV export of the customer list: its search and sort, every matching row. */
export const adminUsersExportInputSchema = z.object({ search: adminSearchSchema, ...sortShape(ADMIN_USER_SORT_COLUMNS) });
export type AdminUsersExportInput = z.input<typeof adminUsersExportInputSchema>;
export type AdminUsersListInput = z.input<typeof adminUsersListInputSchema>;

export const adminUserSubscriptionSchema = z.object({
  plan: z.string(),
  status: z.string(),
  expiresAt: z.date().nullable(),
});

/** A customer as the back-office shows them (admin spec §3, User). subscription is null for none. */
export const adminUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.date(),
  lastLoginAt: z.date().nullable(),
  projectCount: z.number().int(),
  subscription: adminUserSubscriptionSchema.nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** The paging envelope, with the rows also under `users` as the admin spec §3 names them. */
export const adminUsersListSchema = z.object({ data: z.array(adminUserSchema), users: z.array(adminUserSchema), ...pageInfoShape });
export type AdminUsersList = z.infer<typeof adminUsersListSchema>;

export const adminSetUserStatusInputSchema = z.object({ userId: adminIdSchema, isActive: z.boolean() });
export type AdminSetUserStatusInput = z.infer<typeof adminSetUserStatusInputSchema>;

export const adminSetUserStatusSchema = z.object({
  id: z.string(),
  isActive: z.boolean(),
  /** How many open sessions the suspension ended (0 on activation). */
  endedSessions: z.number().int(),
});
export type AdminSetUserStatus = z.infer<typeof adminSetUserStatusSchema>;

/**
 * A customer named in an admin path (`/api/admin/users/{userId}/…`). Any string is read: an unknown
 * or malformed id answers 404 'User not found' from the service, the same for every such path.
 */
export const adminUserPathInputSchema = z.object({ userId: z.string() });
export const adminUserProjectsInputSchema = adminUserPathInputSchema;

/** A customer's project in the user details screen; finalVideoUrl is a short-lived signed /media URL. */
export const adminUserProjectSchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.date(),
  status: z.enum(PROJECT_STATUSES),
  assets: z.object({ finalVideoUrl: z.string().nullable() }),
});
export type AdminUserProject = z.infer<typeof adminUserProjectSchema>;
export const adminUserProjectsSchema = z.array(adminUserProjectSchema);

/** 'first last', whichever exists, else 'Unnamed User' (admin spec §3). */
export function userDisplayName(user: { firstName: string | null; lastName: string | null }): string {
  const name = [user.firstName, user.lastName].filter((p) => p && p.trim()).join(' ').trim();
  return name || 'Unnamed User';
}
