import { findAdminForLogin, findAdminProfile, insertAdminToken, revokeAdminToken, updateAdminRow, type AdminRole } from '@reelsmith/db';
import { AppError } from '@reelsmith/shared';
import type { CoreDeps } from '../deps.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { hashToken, newSecretToken } from '../auth/tokens.ts';
import { writeAudit } from '../audit/write-audit.ts';
import { readSystemSettings } from '../settings/system-settings.ts';
import type { AdminPrincipal } from './admin-sessions.ts';

export const invalidAdminCredentialsMessage = 'Invalid email or password';
export const adminLockedMessage = 'Too many failed sign-in attempts. Please try again in 15 minutes.';
export const adminInactiveMessage = 'This admin account is inactive.';
export const ADMIN_LOCK_MINUTES = 15;

export interface AdminPublic {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: AdminRole;
  isActive: boolean;
}

export interface AdminLoginInput {
  email: string;
  password: string;
  ip: string | null;
  userAgent: string | null;
}

// Verifying against a real hash for unknown e-mails keeps both answers equally slow.
let decoyHash: Promise<string> | undefined;

/** Signs an admin in with e-mail and password; locks the account after too many failures. */
export async function loginAdmin(deps: CoreDeps, input: AdminLoginInput): Promise<{ token: string; expiresAt: Date; admin: AdminPublic }> {
  const settings = await readSystemSettings(deps);
  const now = deps.clock.now();
  const email = input.email.trim().toLowerCase();
  const admin = await findAdminForLogin(deps.db, email);
  const audit = { userType: 'admin' as const, adminEmail: email, ipAddress: input.ip, resourceType: 'admin' };

  if (!admin) {
    await verifyPassword(input.password, await (decoyHash ??= hashPassword('decoy-password')));
    await writeAudit(deps.db, { ...audit, action: 'admin_login_failed', severity: 'warning', details: { reason: 'unknown_email' } });
    throw new AppError('UNAUTHORIZED', invalidAdminCredentialsMessage, { reason: 'invalid_credentials' });
  }
  if (admin.locked_until && admin.locked_until.getTime() > now.getTime()) {
    await writeAudit(deps.db, { ...audit, action: 'admin_login_blocked', severity: 'warning', adminId: admin.id, resourceId: admin.id });
    throw new AppError('TOO_MANY_REQUESTS', adminLockedMessage);
  }
  if (!(await verifyPassword(input.password, admin.password_hash))) {
    const failures = admin.failed_login_attempts + 1;
    const lock = failures >= settings.security.maxLoginAttempts;
    await deps.db.transaction().execute(async (trx) => {
      await updateAdminRow(trx, admin.id, lock ? { failed_login_attempts: 0, locked_until: new Date(now.getTime() + ADMIN_LOCK_MINUTES * 60_000) } : { failed_login_attempts: failures });
      await writeAudit(trx, { ...audit, action: 'admin_login_failed', severity: 'warning', adminId: admin.id, resourceId: admin.id, details: { failures } });
      if (lock) {
        await writeAudit(trx, {
          ...audit,
          action: 'admin_account_locked',
          severity: 'critical',
          adminId: admin.id,
          resourceId: admin.id,
          details: { minutes: ADMIN_LOCK_MINUTES, attempts: failures },
        });
      }
    });
    throw new AppError('UNAUTHORIZED', invalidAdminCredentialsMessage, { reason: 'invalid_credentials' });
  }
  if (!admin.is_active) {
    await writeAudit(deps.db, { ...audit, action: 'admin_login_failed', severity: 'warning', adminId: admin.id, resourceId: admin.id, details: { reason: 'inactive' } });
    throw new AppError('FORBIDDEN', adminInactiveMessage);
  }

  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + settings.security.sessionTimeout * 1000);
  await deps.db.transaction().execute(async (trx) => {
    await updateAdminRow(trx, admin.id, { failed_login_attempts: 0, locked_until: null, last_login_at: now });
    await insertAdminToken(trx, { admin_id: admin.id, token_hash: hashToken(token), ip: input.ip, user_agent: input.userAgent, expires_at: expiresAt });
    await writeAudit(trx, { ...audit, action: 'admin_login', adminId: admin.id, resourceId: admin.id });
  });
  return {
    token,
    expiresAt,
    admin: { id: admin.id, email: admin.email, firstName: admin.first_name, lastName: admin.last_name, role: admin.role, isActive: admin.is_active },
  };
}

/** Revokes the admin's current token. */
export async function logoutAdmin(deps: CoreDeps, admin: AdminPrincipal, ip: string | null): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await revokeAdminToken(trx, admin.tokenId, deps.clock.now());
    await writeAudit(trx, { action: 'admin_logout', userType: 'admin', adminId: admin.id, adminEmail: admin.email, ipAddress: ip, resourceType: 'admin', resourceId: admin.id });
  });
}

export async function getAdminPublic(deps: CoreDeps, id: string): Promise<AdminPublic | null> {
  const row = await findAdminProfile(deps.db, id);
  return row ? { id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, role: row.role, isActive: row.is_active } : null;
}
