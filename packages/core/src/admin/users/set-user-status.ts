import { endUserSessions, setUserActive } from '@reelsmith/db';
import { AppError, type AdminSetUserStatus } from '@reelsmith/shared';
import type { CoreDeps } from '../../deps.ts';
import { writeAudit } from '../../audit/write-audit.ts';

export interface AdminActorRef {
  id: string;
  email: string;
  ip: string | null;
}

export const userNotFoundMessage = 'User not found';

/**
 * Suspends or activates a customer. Suspending ends every open session at once, so their next call
 * is refused; activating lets them sign in again. Audited in the same transaction.
 */
export async function setAdminUserStatus(
  deps: CoreDeps,
  actor: AdminActorRef,
  input: { userId: string; isActive: boolean },
): Promise<AdminSetUserStatus> {
  return deps.db.transaction().execute(async (trx) => {
    const user = await setUserActive(trx, input.userId, input.isActive);
    if (!user) throw new AppError('NOT_FOUND', userNotFoundMessage);
    const endedSessions = input.isActive ? 0 : await endUserSessions(trx, user.id, deps.clock.now(), 'suspended');
    await writeAudit(trx, {
      action: 'user_status_update',
      severity: input.isActive ? 'info' : 'warning',
      userType: 'admin',
      adminId: actor.id,
      adminEmail: actor.email,
      ipAddress: actor.ip,
      resourceType: 'user',
      resourceId: user.id,
      targetUserId: user.id,
      details: { isActive: input.isActive, userEmail: user.email, endedSessions },
    });
    deps.logger.info({ userId: user.id, isActive: input.isActive, endedSessions, adminId: actor.id }, 'customer status changed');
    return { id: user.id, isActive: user.is_active, endedSessions };
  });
}
