import { AppError, passwordWeakness, type AdminListItem } from '@reelsmith/shared';
import { deleteAdminRow, findAdminIdentity, insertAdminUnlessEmailTaken, listAdminRows, type AdminRole } from '@reelsmith/db';
import type { CoreDeps } from '../../deps.ts';
import { hashPassword } from '../../auth/password.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import { readSystemSettings } from '../../settings/system-settings.ts';
import type { AdminActor } from '../admin-actor.ts';

export const duplicateAdminMessage = 'An admin with this e-mail already exists.';
export const mainAdminUndeletableMessage = 'The main admin cannot be deleted.';
export const selfDeleteMessage = 'You cannot delete your own admin account.';

/** Every admin account, the main admin first. */
export async function listAdmins(deps: CoreDeps): Promise<AdminListItem[]> {
  const rows = await listAdminRows(deps.db);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    role: r.role,
    isActive: r.is_active,
    isMain: r.is_main,
    createdAt: r.created_at,
  }));
}

export interface NewAdmin {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: AdminRole;
}

/** Creates an admin account; the password must pass the strength rule at the passwordMinLength setting. */
export async function createAdmin(deps: CoreDeps, actor: AdminActor, input: NewAdmin): Promise<AdminListItem> {
  const settings = await readSystemSettings(deps);
  const weakness = passwordWeakness(input.password, settings.security.passwordMinLength);
  if (weakness) throw new AppError('BAD_REQUEST', weakness);
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction().execute(async (trx) => {
    const row = await insertAdminUnlessEmailTaken(trx, {
      email,
      password_hash: passwordHash,
      first_name: input.firstName || null,
      last_name: input.lastName || null,
      role: input.role,
    });
    if (!row) throw new AppError('CONFLICT', duplicateAdminMessage);
    await writeAudit(trx, {
      action: 'admin_create',
      severity: 'warning',
      userType: 'admin',
      adminId: actor.id,
      adminEmail: actor.email,
      ipAddress: actor.ip,
      resourceType: 'admin',
      resourceId: row.id,
      details: { email: row.email, role: row.role },
    });
    return {
      id: row.id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      role: row.role,
      isActive: row.is_active,
      isMain: row.is_main,
      createdAt: row.created_at,
    };
  });
}

/** Deletes an admin account (its tokens go with it); never the main admin, never oneself. */
export async function deleteAdmin(deps: CoreDeps, actor: AdminActor, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const target = await findAdminIdentity(trx, id);
    if (!target) throw new AppError('NOT_FOUND', 'Admin not found');
    if (target.is_main) throw new AppError('FORBIDDEN', mainAdminUndeletableMessage);
    if (target.id === actor.id) throw new AppError('FORBIDDEN', selfDeleteMessage);
    await deleteAdminRow(trx, target.id);
    await writeAudit(trx, {
      action: 'admin_delete',
      severity: 'warning',
      userType: 'admin',
      adminId: actor.id,
      adminEmail: actor.email,
      ipAddress: actor.ip,
      resourceType: 'admin',
      resourceId: target.id,
      details: { email: target.email, role: target.role },
    });
  });
}
