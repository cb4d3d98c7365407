import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describeAction, detailLabel, detailText, prettifyAction } from './audit-action.ts';

const ada = { email: 'ada@example.com', name: 'Ada Admin' };

describe('describeAction', () => {
  it('reads the known actions as sentences naming the actor', () => {
    expect(describeAction({ action: 'admin_login', adminUser: ada, details: {} })).toBe('Ada Admin signed in to the admin portal');
    expect(describeAction({ action: 'user_status_update', adminUser: ada, details: { isActive: false, userEmail: 'a@example.com' } })).toBe('Ada Admin suspended a@example.com');
    expect(describeAction({ action: 'audit_log_export', adminUser: null, details: {} })).toBe('System exported the activity log entries to CSV');
  });

  it('reads a refund with amount, type, customer, plan and reason', () => {
    expect(
      describeAction({
        action: 'subscription_refund',
        adminUser: ada,
        customer: { email: 'jane@example.com' },
        details: { amount: 12, currency: 'usd', refundType: 'partial', planName: 'Pro', reason: 'duplicate charge' },
      }),
    ).toBe("Ada Admin refunded $12.00 (partial) to jane@example.com's Pro subscription — reason: 'duplicate charge'");
  });

  it('renders hostile reasons and e-mails as text, never as HTML', () => {
    const sentence = describeAction({
      action: 'subscription_refund',
      adminUser: ada,
      customer: { email: '<img src=x onerror=alert(1)>@example.com' },
      details: { amount: 1, reason: '<script>alert("x")</script>' },
    });
    const html = renderToStaticMarkup(createElement('span', null, sentence));
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });
});

describe('details', () => {
  it('labels keys and writes values as text', () => {
    expect(prettifyAction('email_template_update')).toBe('Email template update');
    expect(detailLabel('userEmail')).toBe('User email');
    expect(detailText(null)).toBe('—');
    expect(detailText(12)).toBe('12');
    expect(detailText(false)).toBe('false');
    expect(detailText({ a: [1, 2] })).toBe('{"a":[1,2]}');
  });
});
