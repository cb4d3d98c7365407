import { findAdminSubscriptionRow, findUserById, type AuditOutcome, type Executor } from '@reelsmith/db';
import type { AdminActor } from '../admin/admin-actor.ts';
import type { CoreDeps } from '../deps.ts';
import { writeAudit } from './write-audit.ts';

// The audit action each admin procedure's refused or failed call is recorded under: the same name its
// successful call writes, so the Activity log reads "refused to refund…" beside "refunded…".
const procedureActions: Record<string, string> = {
  'admin.users.setStatus': 'user_status_update',
  'admin.subscriptions.refund': 'subscription_refund',
  'admin.subscriptions.adjust': 'subscription_adjust',
  'admin.subscriptions.cancel': 'subscription_cancel',
  'admin.settings.save': 'settings_update',
  'admin.admins.create': 'admin_create',
  'admin.admins.delete': 'admin_delete',
  'admin.email.templates.create': 'email_template_create',
  'admin.email.templates.update': 'email_template_update',
  'admin.email.sendTest': 'email_test_send',
  'admin.exports.users': 'users_export',
  'admin.exports.subscriptions': 'subscriptions_export',
  'admin.exports.projects': 'projects_export',
  'admin.exports.activity': 'audit_log_export',
};

/**
 * The audit action of a call to an admin procedure: its known action, else the path read as one
 * ('admin.exports.users' → 'exports_users'), within the log's action pattern.
 */
export function auditActionOfProcedure(path: string): string {
  const known = procedureActions[path];
  if (known) return known;
  const words = path
    .replace(/^admin\./, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const action = /^[a-z]/.test(words) ? words : `admin_${words}`;
  return action.length >= 2 ? action.slice(0, 64) : 'admin_call';
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idFields = ['userId', 'subscriptionId', 'transactionId', 'id'] as const;

/** The row ids a call named (only well-formed ids; never other input, which may hold passwords or hostile text). */
export function namedIds(rawInput: unknown): Partial<Record<(typeof idFields)[number], string>> {
  if (!rawInput || typeof rawInput !== 'object') return {};
  const ids: Partial<Record<(typeof idFields)[number], string>> = {};
  for (const field of idFields) {
    const value = (rawInput as Record<string, unknown>)[field];
    if (typeof value === 'string' && uuidPattern.test(value)) ids[field] = value.toLowerCase();
  }
  return ids;
}

/** The customer a call was about, when it named one that exists (directly or through a subscription). */
async function customerOf(db: Executor, ids: ReturnType<typeof namedIds>): Promise<{ id: string; email: string; planName?: string } | null> {
  if (ids.userId) {
    const user = await findUserById(db, ids.userId);
    if (user) return { id: user.id, email: user.email };
  }
  if (ids.subscriptionId) {
    const sub = await findAdminSubscriptionRow(db, ids.subscriptionId);
    if (sub) return { id: sub.user_id, email: sub.email, planName: sub.plan_name };
  }
  return null;
}

export interface AdminCallOutcome {
  path: string;
  outcome: Exclude<AuditOutcome, 'succeeded'>;
  rawInput: unknown;
  /** The error a failed call answered (its tRPC code, HTTP status and message). */
  error?: { code: string; httpStatus: number; message: string };
}

/**
 * Records an admin call that was refused for the admin's role or failed with an error. Written outside
 * the call's own transaction (which rolled back); a failure to write is logged, never thrown, so the
 * caller still gets the call's own answer.
 */
export async function auditAdminCall(deps: Pick<CoreDeps, 'db' | 'logger'>, actor: AdminActor & { role: string }, call: AdminCallOutcome): Promise<void> {
  try {
    const ids = namedIds(call.rawInput);
    const customer = await customerOf(deps.db, ids);
    const serverError = (call.error?.httpStatus ?? 0) >= 500;
    await writeAudit(deps.db, {
      action: auditActionOfProcedure(call.path),
      severity: serverError ? 'error' : 'warning',
      userType: 'admin',
      adminId: actor.id,
      adminEmail: actor.email,
      ipAddress: actor.ip,
      resourceType: ids.subscriptionId ? 'subscription' : ids.userId ? 'user' : null,
      resourceId: ids.subscriptionId ?? ids.userId ?? ids.id ?? null,
      targetUserId: customer?.id ?? null,
      outcome: call.outcome,
      details: {
        procedure: call.path,
        role: actor.role,
        ...ids,
        ...(customer ? { userEmail: customer.email, ...(customer.planName ? { planName: customer.planName } : {}) } : {}),
        ...(call.error ? { errorCode: call.error.code, httpStatus: call.error.httpStatus, error: call.error.message.slice(0, 500) } : {}),
      },
    });
  } catch (err) {
    deps.logger.error({ err, path: call.path, outcome: call.outcome }, 'could not audit a refused or failed admin call');
  }
}
