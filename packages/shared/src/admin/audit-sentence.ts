// Issue 21: every audit entry read as one sentence naming the actor, the action, the customer and the
// details (amount, type, reason). Pure text: the screens render it as text and the CSV export writes
// it as a cell, so hostile e-mails or reasons never become markup.

export interface AuditSentenceEntry {
  action: string;
  outcome?: 'succeeded' | 'refused' | 'failed' | undefined;
  userType?: string | undefined;
  adminUser: { email: string; name: string | null } | null;
  customer?: { email: string; name?: string | null } | null | undefined;
  resourceType?: string | null | undefined;
  resourceId?: string | null | undefined;
  details: Record<string, unknown>;
}

const pieceMax = 120;

/** Recorded text made safe to read in a sentence: control characters out, one line, at most 120 characters. */
export function auditText(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  // eslint-disable-next-line no-control-regex
  const clean = String(value).replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, ' ').replace(/\s+/g, ' ').trim();
  if (!clean) return null;
  return clean.length > pieceMax ? `${clean.slice(0, pieceMax - 1)}…` : clean;
}

function num(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/** 12 and 'usd' → '$12.00'; an unknown currency code is written after the amount. */
export function auditMoney(amount: number, currency: unknown): string {
  const code = typeof currency === 'string' && /^[a-z]{3}$/i.test(currency) ? currency.toUpperCase() : 'USD';
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${code}`;
  }
}

/** 'subscription_refund' → 'Subscription refund'. */
export function prettifyAuditAction(action: string): string {
  const words = action
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\-.\s]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  if (words.length === 0) return 'Unknown action';
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

const exportNouns: Record<string, string> = {
  users_export: 'users',
  subscriptions_export: 'subscriptions',
  projects_export: 'projects',
  audit_log_export: 'activity log entries',
};

// What each action is, said as "tried to …" for refused and failed calls.
const attempts: Record<string, string> = {
  subscription_refund: 'refund a payment',
  subscription_adjust: 'adjust a subscription',
  subscription_cancel: 'cancel a subscription',
  user_status_update: "change a customer's status",
  settings_update: 'update the system settings',
  admin_create: 'add an admin',
  admin_delete: 'delete an admin',
  email_template_create: 'create an e-mail template',
  email_template_update: 'update an e-mail template',
  email_test_send: 'send a test e-mail',
  users_export: 'export the users list',
  subscriptions_export: 'export the subscriptions list',
  projects_export: 'export the projects list',
  audit_log_export: 'export the activity log',
};

/** Who did it: the admin's name, else their e-mail; 'System' for entries without an admin. */
export function auditActor(entry: Pick<AuditSentenceEntry, 'adminUser' | 'userType'>): string {
  return auditText(entry.adminUser?.name) ?? auditText(entry.adminUser?.email) ?? (entry.userType === 'user' ? 'A customer' : 'System');
}

/** The customer an entry is about: their e-mail now, else the one it recorded. */
export function auditCustomerEmail(entry: Pick<AuditSentenceEntry, 'customer' | 'details'>): string | null {
  return auditText(entry.customer?.email) ?? auditText(entry.details['userEmail']);
}

function subscriptionOf(customer: string | null, plan: string | null): string {
  if (customer) return `${customer}'s ${plan ? `${plan} ` : ''}subscription`;
  return plan ? `a ${plan} subscription` : 'a subscription';
}

function withReason(sentence: string, reason: unknown): string {
  const text = auditText(reason);
  return text ? `${sentence} — reason: '${text}'` : sentence;
}

function succeeded(entry: AuditSentenceEntry, actor: string, customer: string | null): string {
  const d = entry.details;
  const plan = auditText(d['planName']);
  switch (entry.action) {
    case 'subscription_refund': {
      const amount = num(d['amount']);
      const type = d['refundType'] === 'full' || d['refundType'] === 'partial' ? ` (${d['refundType']})` : '';
      const money = amount === null ? 'a payment' : `${auditMoney(amount, d['currency'])}${type}`;
      return withReason(`${actor} refunded ${money} to ${subscriptionOf(customer, plan)}`, d['reason']);
    }
    case 'subscription_adjust': {
      const target = subscriptionOf(customer, plan);
      const days = num(d['days']);
      const credits = num(d['credits']);
      if (d['type'] === 'extend') return withReason(`${actor} extended ${target} by ${days === null ? 'some days' : plural(days, 'day', 'days')}`, d['reason']);
      if (d['type'] === 'add_credits') return withReason(`${actor} added ${credits === null ? 'video credits' : plural(credits, 'video credit', 'video credits')} to ${target}`, d['reason']);
      if (d['type'] === 'change_plan') {
        const from = auditText(d['previousPlanName']);
        const whose = customer ? `${customer}'s subscription` : 'a subscription';
        return withReason(`${actor} moved ${whose}${from ? ` from ${from}` : ''} to ${plan ?? 'another plan'}`, d['reason']);
      }
      return withReason(`${actor} adjusted ${target}`, d['reason']);
    }
    case 'subscription_cancel': {
      const when = d['when'] === 'now' ? ' at once' : d['when'] === 'period_end' ? ' at the end of its period' : '';
      const cause = auditText(d['cause']);
      const why = cause && cause !== 'admin' ? ` (${prettifyAuditAction(cause).toLowerCase()})` : '';
      return withReason(`${actor} cancelled ${subscriptionOf(customer, plan)}${when}${why}`, d['reason']);
    }
    case 'user_status_update': {
      const who = customer ?? auditText(entry.resourceId) ?? 'a customer';
      const ended = num(d['endedSessions']);
      if (d['isActive'] === true) return `${actor} activated ${who}`;
      if (d['isActive'] === false) return `${actor} suspended ${who}${ended ? ` and ended ${plural(ended, 'session', 'sessions')}` : ''}`;
      return `${actor} changed the status of ${who}`;
    }
    case 'admin_login':
      return `${actor} signed in to the admin portal`;
    case 'admin_logout':
      return `${actor} signed out of the admin portal`;
    case 'admin_login_failed':
      return `Failed sign-in attempt for ${auditText(entry.adminUser?.email) ?? 'an unknown admin'}`;
    case 'admin_login_blocked':
      return `Sign-in refused for ${auditText(entry.adminUser?.email) ?? 'an admin'} while the account is locked`;
    case 'admin_account_locked':
      return `${auditText(entry.adminUser?.email) ?? 'An admin'}'s account was locked after repeated failed sign-ins`;
    case 'admin_create': {
      const role = auditText(d['role']);
      return `${actor} added admin ${auditText(d['email']) ?? auditText(entry.resourceId) ?? ''}${role ? ` (${role})` : ''}`.trim();
    }
    case 'admin_delete':
      return `${actor} deleted admin ${auditText(d['email']) ?? auditText(entry.resourceId) ?? ''}`.trim();
    case 'project_delete':
      return `${actor} deleted project ${auditText(d['projectId']) ?? auditText(entry.resourceId) ?? ''}`.trim();
    case 'settings_update': {
      const setting = auditText(d['settingName']);
      return setting ? `${actor} updated settings: ${setting}` : `${actor} saved the system settings (nothing changed)`;
    }
    case 'email_template_create':
      return `${actor} created e-mail template '${auditText(d['name']) ?? '?'}'`;
    case 'email_template_update': {
      const changed = Array.isArray(d['changed']) ? d['changed'].map(auditText).filter(Boolean).join(', ') : '';
      return `${actor} updated e-mail template '${auditText(d['name']) ?? '?'}'${changed ? ` (${changed})` : ''}`;
    }
    case 'email_test_send':
      return `${actor} sent a test of e-mail template '${auditText(d['templateName']) ?? '?'}' to ${auditText(d['recipientEmail']) ?? 'an address'}`;
    case 'database_export':
      return `${actor} exported the database`;
    default: {
      const noun = exportNouns[entry.action];
      if (noun) {
        const rows = num(d['rows']);
        return `${actor} exported ${rows === null ? 'the' : rows} ${noun} to CSV`;
      }
      return `${actor}: ${prettifyAuditAction(entry.action)}${customer ? ` (customer ${customer})` : ''}`;
    }
  }
}

/** The sentence an audit entry reads as, e.g. "Ada Admin refunded $12.00 (partial) to jane@example.com's Pro subscription — reason: 'duplicate charge'". */
export function auditSentence(entry: AuditSentenceEntry): string {
  const actor = auditActor(entry);
  const customer = auditCustomerEmail(entry);
  const outcome = entry.outcome ?? 'succeeded';
  if (outcome === 'succeeded') return succeeded(entry, actor, customer);
  const what = attempts[entry.action] ?? `do '${prettifyAuditAction(entry.action)}'`;
  const about = customer ? ` for ${customer}` : '';
  if (outcome === 'refused') {
    const role = auditText(entry.details['role']);
    return `${actor} was refused: tried to ${what}${about}, which the ${role ? `${role} ` : ''}role does not allow`;
  }
  const error = auditText(entry.details['error']);
  return `${actor} tried to ${what}${about}, but it failed${error ? `: ${error}` : ''}`;
}
