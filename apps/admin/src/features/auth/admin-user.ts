// The signed-in administrator as the login call answers it (spec §3, Admin user).

export const adminRoles = ['admin', 'superadmin', 'support'] as const;
export type AdminRole = (typeof adminRoles)[number];

export interface AdminUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: AdminRole;
  isActive: boolean;
}

const roleLabels: Record<AdminRole, string> = { admin: 'Admin', superadmin: 'Super Admin', support: 'Support' };

/** Spec §3: first plus last name, whichever exists, else 'Unnamed Admin'. */
export function adminDisplayName(admin: Pick<AdminUser, 'firstName' | 'lastName'>): string {
  const name = [admin.firstName, admin.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || 'Unnamed Admin';
}

/** Avatar letters: the name's initials, else the e-mail's first letter. */
export function adminInitials(admin: Pick<AdminUser, 'firstName' | 'lastName' | 'email'>): string {
  const letters = [admin.firstName, admin.lastName].map((part) => part?.trim().charAt(0) ?? '').join('');
  return (letters || admin.email.trim().charAt(0) || '?').toUpperCase();
}

/** The role as the role select names it; an unknown role is shown as sent. */
export function adminRoleLabel(role: string): string {
  return isAdminRole(role) ? roleLabels[role] : role;
}

export function isAdminRole(value: unknown): value is AdminRole {
  return typeof value === 'string' && (adminRoles as readonly string[]).includes(value);
}

/**
 * Reads an admin record from the login answer or from storage; null when it has no id or e-mail.
 * The role defaults to admin (spec §6) and a missing isActive to true.
 */
export function parseAdminUser(value: unknown): AdminUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const id = record['id'];
  const email = record['email'];
  if ((typeof id !== 'string' && typeof id !== 'number') || typeof email !== 'string' || email === '') return null;
  return {
    id: String(id),
    email,
    firstName: optionalText(record['firstName']),
    lastName: optionalText(record['lastName']),
    role: isAdminRole(record['role']) ? record['role'] : 'admin',
    isActive: record['isActive'] !== false,
  };
}

function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}
