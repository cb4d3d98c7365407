import { insertAuditLog, type AuditOutcome, type AuditSeverity, type Executor } from '@reelsmith/db';

export interface AuditEntry {
  action: string;
  severity?: AuditSeverity;
  userType: 'admin' | 'user' | 'system';
  adminId?: string | null;
  adminEmail?: string | null;
  ipAddress?: string | null;
  resourceType?: string | null;
  resourceId?: string | null;
  /** The customer the action was taken on, so the log can be searched by them. */
  targetUserId?: string | null;
  /** Whether the action went through (default), was refused for the admin's role, or failed. */
  outcome?: AuditOutcome;
  details?: Record<string, unknown>;
}

/** Appends an audit entry; pass the transaction of the change so both commit or neither does. */
export async function writeAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await insertAuditLog(db, {
    action: entry.action,
    severity: entry.severity ?? 'info',
    user_type: entry.userType,
    admin_id: entry.adminId ?? null,
    admin_email: entry.adminEmail ?? null,
    ip_address: entry.ipAddress ?? null,
    resource_type: entry.resourceType ?? null,
    resource_id: entry.resourceId ?? null,
    target_user_id: entry.targetUserId ?? null,
    outcome: entry.outcome ?? 'succeeded',
    details: JSON.stringify(entry.details ?? {}),
  });
}
