import { describe, expect, it } from 'vitest';
import { percentOf } from './analytics.ts';
import { auditLogsListInputSchema } from './audit-logs.ts';
import { adminProjectsListInputSchema } from './projects.ts';
import { adminUsersListInputSchema, userDisplayName } from './users.ts';

describe('percentOf', () => {
  it('rounds to one decimal and answers 0 for an empty whole', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(1, 6)).toBe(16.7);
    expect(percentOf(5, 5)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
  });
});

describe('admin list inputs', () => {
  it('coerce query strings, default the page sizes and drop an empty search', () => {
    expect(adminUsersListInputSchema.parse({ page: '2', limit: '10', search: '  ' })).toEqual({ page: 2, limit: 10, search: undefined });
    expect(adminUsersListInputSchema.parse({})).toEqual({ page: 1, limit: 10, search: undefined });
    expect(auditLogsListInputSchema.parse({ search: ' ada ' })).toMatchObject({ page: 1, limit: 20, search: 'ada' });
    expect(adminUsersListInputSchema.safeParse({ page: '0' }).success).toBe(false);
    expect(adminUsersListInputSchema.safeParse({ limit: '1000' }).success).toBe(false);
    expect(auditLogsListInputSchema.safeParse({ action: 'billing' }).success).toBe(false);
    // A cleared select sends an empty value: that means all.
    expect(auditLogsListInputSchema.parse({ action: '', severity: '' })).toMatchObject({ action: undefined, severity: undefined });
    expect(adminProjectsListInputSchema.parse({ status: '', period: '' })).toMatchObject({ status: undefined, period: undefined });
  });

  it("names a user 'first last', whichever exists, else 'Unnamed User'", () => {
    expect(userDisplayName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(userDisplayName({ firstName: null, lastName: 'Hopper' })).toBe('Hopper');
    expect(userDisplayName({ firstName: ' ', lastName: null })).toBe('Unnamed User');
  });
});
