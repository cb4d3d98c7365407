import { describe, expect, it } from 'vitest';
import { auditSentence, auditText, type AuditSentenceEntry } from './audit-sentence.ts';

const ada = { email: 'ada@example.com', name: 'Ada Admin' };
const jane = { id: 'u1', email: 'jane@example.com', name: 'Jane Doe' };
const entry = (e: Partial<AuditSentenceEntry> & { action: string }): AuditSentenceEntry => ({ adminUser: ada, details: {}, ...e });

describe('auditSentence', () => {
  it('names actor, amount, type, customer, plan and reason of a refund', () => {
    expect(
      auditSentence(
        entry({
          action: 'subscription_refund',
          customer: jane,
          details: { amount: 12, currency: 'usd', refundType: 'partial', reason: 'duplicate charge', planName: 'Pro', userEmail: 'old@example.com' },
        }),
      ),
    ).toBe("Ada Admin refunded $12.00 (partial) to jane@example.com's Pro subscription — reason: 'duplicate charge'");
    expect(auditSentence(entry({ action: 'subscription_refund', details: { amount: 5, currency: 'eur', refundType: 'full', userEmail: 'x@example.com' } }))).toBe(
      "Ada Admin refunded €5.00 (full) to x@example.com's subscription",
    );
  });

  it('reads an old refund row without type, customer or plan sensibly', () => {
    expect(auditSentence(entry({ action: 'subscription_refund', details: { subscriptionId: 's1', amount: 3.5, currency: 'usd', reason: null } }))).toBe(
      'Ada Admin refunded $3.50 to a subscription',
    );
    expect(auditSentence(entry({ action: 'subscription_refund', details: {} }))).toBe('Ada Admin refunded a payment to a subscription');
  });

  it('reads each kind of adjustment', () => {
    const base = { customer: jane, action: 'subscription_adjust' };
    expect(auditSentence(entry({ ...base, details: { type: 'extend', days: 7, planName: 'Pro', reason: 'outage' } }))).toBe(
      "Ada Admin extended jane@example.com's Pro subscription by 7 days — reason: 'outage'",
    );
    expect(auditSentence(entry({ ...base, details: { type: 'add_credits', credits: 1, unit: 'videos' } }))).toBe(
      "Ada Admin added 1 video credit to jane@example.com's subscription",
    );
    expect(auditSentence(entry({ ...base, details: { type: 'change_plan', planName: 'Business', previousPlanName: 'Pro' } }))).toBe(
      "Ada Admin moved jane@example.com's subscription from Pro to Business",
    );
    expect(auditSentence(entry({ action: 'subscription_adjust', details: { type: 'extend', days: 2, reason: null } }))).toBe('Ada Admin extended a subscription by 2 days');
  });

  it('reads a cancellation, at once or at period end', () => {
    expect(auditSentence(entry({ action: 'subscription_cancel', customer: jane, details: { when: 'now', planName: 'Pro', reason: 'fraud' } }))).toBe(
      "Ada Admin cancelled jane@example.com's Pro subscription at once — reason: 'fraud'",
    );
    expect(auditSentence(entry({ action: 'subscription_cancel', details: { when: 'period_end', userEmail: 'x@example.com' } }))).toBe(
      "Ada Admin cancelled x@example.com's subscription at the end of its period",
    );
  });

  it('reads suspensions, sign-ins, settings and exports', () => {
    expect(auditSentence(entry({ action: 'user_status_update', details: { isActive: false, userEmail: 'a@example.com', endedSessions: 2 } }))).toBe(
      'Ada Admin suspended a@example.com and ended 2 sessions',
    );
    expect(auditSentence(entry({ action: 'user_status_update', details: { isActive: true, userEmail: 'a@example.com' } }))).toBe('Ada Admin activated a@example.com');
    expect(auditSentence(entry({ action: 'admin_login' }))).toBe('Ada Admin signed in to the admin portal');
    expect(auditSentence(entry({ action: 'settings_update', details: { settingName: 'features.maintenanceMode' } }))).toBe(
      'Ada Admin updated settings: features.maintenanceMode',
    );
    expect(auditSentence(entry({ action: 'users_export', details: { rows: 42 } }))).toBe('Ada Admin exported 42 users to CSV');
    expect(auditSentence(entry({ action: 'audit_log_export', details: { rows: 3 } }))).toBe('Ada Admin exported 3 activity log entries to CSV');
    expect(auditSentence(entry({ action: 'something_new', adminUser: null, userType: 'system' }))).toBe('System: Something new');
  });

  it('reads refused and failed calls', () => {
    expect(
      auditSentence(entry({ action: 'subscription_refund', outcome: 'refused', adminUser: { email: 'sam@example.com', name: null }, customer: jane, details: { role: 'support' } })),
    ).toBe('sam@example.com was refused: tried to refund a payment for jane@example.com, which the support role does not allow');
    expect(auditSentence(entry({ action: 'subscription_refund', outcome: 'failed', details: { error: 'The refund cannot exceed what remains to refund (3.00 USD).' } }))).toBe(
      'Ada Admin tried to refund a payment, but it failed: The refund cannot exceed what remains to refund (3.00 USD).',
    );
    expect(auditSentence(entry({ action: 'widgets_frobnicate', outcome: 'refused', details: {} }))).toBe(
      "Ada Admin was refused: tried to do 'Widgets frobnicate', which the role does not allow",
    );
  });

  it('keeps hostile text as plain text: markup verbatim, control characters and bidi overrides out, length capped', () => {
    const sentence = auditSentence(
      entry({
        action: 'subscription_refund',
        customer: { email: '"><img src=x onerror=alert(1)>@example.com' },
        details: { amount: 1, currency: 'usd', refundType: 'partial', reason: `<script>alert('x')</script>\u0000\u202e\nnext ${'y'.repeat(10_000)}` },
      }),
    );
    expect(sentence).toContain('"><img src=x onerror=alert(1)>@example.com\'s subscription');
    expect(sentence).toContain("reason: '<script>alert('x')</script> next yyy");
    // eslint-disable-next-line no-control-regex
    expect(sentence).not.toMatch(/[\u0000-\u001f\u202e]/);
    expect(sentence.length).toBeLessThan(400);
  });
});

describe('auditText', () => {
  it('keeps emoji and right-to-left text, drops empty values', () => {
    expect(auditText('🎬 مرحبا')).toBe('🎬 مرحبا');
    expect(auditText('   ')).toBeNull();
    expect(auditText({ a: 1 })).toBeNull();
    expect(auditText(12)).toBe('12');
  });
});
