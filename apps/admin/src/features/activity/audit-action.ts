// Spec §2/§4 Activity Logs: each entry read as a sentence (issue 21: actor, action, customer and details).
// The sentence itself is one pure rule in packages/shared, shared with the activity CSV export.
import { auditSentence, prettifyAuditAction, type AuditOutcomeName, type AuditSentenceEntry } from '@reelsmith/shared';

export type AuditEntryLike = AuditSentenceEntry;

/** 'subscription_refund' → 'Subscription refund'. */
export const prettifyAction = prettifyAuditAction;

/** The sentence an entry reads as, e.g. "Ada Admin refunded $12.00 (partial) to jane@example.com's Pro subscription — reason: 'duplicate charge'". */
export function describeAction(entry: AuditEntryLike): string {
  return auditSentence(entry);
}

export const outcomeStyle: Record<AuditOutcomeName, { label: string; color: string }> = {
  succeeded: { label: 'Succeeded', color: 'teal' },
  refused: { label: 'Refused', color: 'orange' },
  failed: { label: 'Failed', color: 'red' },
};

/** One structured detail value as text ('—' for none; objects as JSON). */
export function detailText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** 'userEmail' → 'User email'. */
export function detailLabel(key: string): string {
  return prettifyAuditAction(key);
}

/** The Activity screen refetches every 10 s (spec §9). */
export const activityRefreshMs = 10_000;
