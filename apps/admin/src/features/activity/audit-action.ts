// Spec §2/§4 Activity Logs: each action read as a sentence; unknown actions prettified from their name.

export interface AuditEntryLike {
  action: string;
  details: Record<string, unknown>;
  resourceType?: string | null;
  resourceId?: string | null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** 'subscription_refund' → 'Subscription refund'. */
export function prettifyAction(action: string): string {
  const words = action
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\-.\s]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  if (words.length === 0) return 'Unknown action';
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

export function describeAction(entry: AuditEntryLike): string {
  const d = entry.details;
  const who = text(d['userEmail']) ?? text(d['email']) ?? entry.resourceId ?? 'a user';
  switch (entry.action) {
    case 'admin_login':
      return 'Signed in to the admin portal';
    case 'admin_logout':
      return 'Signed out of the admin portal';
    case 'admin_login_failed':
      return 'Failed sign-in attempt';
    case 'admin_login_blocked':
      return 'Sign-in refused while the account is locked';
    case 'admin_account_locked':
      return 'Admin account locked after repeated failed sign-ins';
    case 'user_status_update':
      if (d['isActive'] === true) return `Activated user ${who}`;
      if (d['isActive'] === false) return `Suspended user ${who}`;
      return `Changed the status of user ${who}`;
    case 'admin_create':
      return `Added admin ${text(d['email']) ?? entry.resourceId ?? ''}`.trim();
    case 'admin_delete':
      return `Deleted admin ${text(d['email']) ?? entry.resourceId ?? ''}`.trim();
    case 'project_delete':
      return `Deleted project ${text(d['projectId']) ?? entry.resourceId ?? ''}`.trim();
    case 'settings_update': {
      const setting = text(d['settingName']);
      return setting ? `Updated setting ${setting}` : 'Updated system settings';
    }
    case 'database_export':
      return 'Exported the database';
    case 'audit_log_export':
      return 'Exported the audit log';
    default:
      return prettifyAction(entry.action);
  }
}

/** The Activity screen refetches every 10 s (spec §9). */
export const activityRefreshMs = 10_000;
