import { describe, expect, it } from 'vitest';
import { describeAction, prettifyAction } from './audit-action.ts';

describe('describeAction', () => {
  it('reads the known actions as sentences', () => {
    expect(describeAction({ action: 'admin_login', details: {} })).toBe('Signed in to the admin portal');
    expect(describeAction({ action: 'admin_logout', details: {} })).toBe('Signed out of the admin portal');
    expect(describeAction({ action: 'user_status_update', details: { isActive: false, userEmail: 'a@example.com' } })).toBe(
      'Suspended user a@example.com',
    );
    expect(describeAction({ action: 'user_status_update', details: { isActive: true, userEmail: 'a@example.com' } })).toBe(
      'Activated user a@example.com',
    );
    expect(describeAction({ action: 'settings_update', details: { settingName: 'features.maintenanceMode' } })).toBe(
      'Updated setting features.maintenanceMode',
    );
    expect(describeAction({ action: 'project_delete', details: { projectId: 'p1' } })).toBe('Deleted project p1');
    expect(describeAction({ action: 'database_export', details: {} })).toBe('Exported the database');
    expect(describeAction({ action: 'audit_log_export', details: {} })).toBe('Exported the audit log');
  });

  it('prettifies any other action', () => {
    expect(describeAction({ action: 'subscription_refund', details: {} })).toBe('Subscription refund');
  });
});

describe('prettifyAction', () => {
  it('turns snake, kebab and camel case into a sentence', () => {
    expect(prettifyAction('email_template_update')).toBe('Email template update');
    expect(prettifyAction('emailTestSend')).toBe('Email test send');
    expect(prettifyAction('data-export')).toBe('Data export');
    expect(prettifyAction('')).toBe('Unknown action');
  });
});
