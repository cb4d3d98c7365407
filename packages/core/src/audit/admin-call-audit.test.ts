import { describe, expect, it } from 'vitest';
import { auditActionOfProcedure, namedIds } from './admin-call-audit.ts';

describe('auditActionOfProcedure', () => {
  it('records a known procedure under the action its success writes', () => {
    expect(auditActionOfProcedure('admin.subscriptions.refund')).toBe('subscription_refund');
    expect(auditActionOfProcedure('admin.exports.activity')).toBe('audit_log_export');
  });

  it('reads any other path as an action within the log pattern', () => {
    expect(auditActionOfProcedure('admin.projects.deleteOne')).toBe('projects_delete_one');
    expect(auditActionOfProcedure('admin.9lives')).toBe('admin_9lives');
    expect(auditActionOfProcedure('admin.' + 'x'.repeat(100))).toMatch(/^[a-z][a-z0-9_]{1,63}$/);
  });
});

describe('namedIds', () => {
  it('keeps only well-formed ids, never other input', () => {
    const id = '0b7f0b4e-4c55-4a63-9a7e-1f0f4f9a2b11';
    expect(namedIds({ subscriptionId: id.toUpperCase(), password: 'secret', reason: '<script>', userId: 'not-an-id' })).toEqual({ subscriptionId: id });
    expect(namedIds('text')).toEqual({});
    expect(namedIds(null)).toEqual({});
  });
});
