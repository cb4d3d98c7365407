import { describe, expect, it } from 'vitest';
import { adminDisplayName, adminInitials, adminRoleLabel, parseAdminUser } from './admin-user.ts';

describe('adminDisplayName', () => {
  it('joins first and last name, or takes whichever exists', () => {
    expect(adminDisplayName({ firstName: 'Grace', lastName: 'Hopper' })).toBe('Grace Hopper');
    expect(adminDisplayName({ firstName: 'Grace', lastName: null })).toBe('Grace');
    expect(adminDisplayName({ firstName: null, lastName: 'Hopper' })).toBe('Hopper');
  });

  it("falls back to 'Unnamed Admin' when neither is set or both are blank", () => {
    expect(adminDisplayName({ firstName: null, lastName: null })).toBe('Unnamed Admin');
    expect(adminDisplayName({ firstName: '  ', lastName: '' })).toBe('Unnamed Admin');
  });
});

describe('adminInitials', () => {
  it('uses the name, else the e-mail', () => {
    expect(adminInitials({ firstName: 'grace', lastName: 'Hopper', email: 'g@example.com' })).toBe('GH');
    expect(adminInitials({ firstName: null, lastName: null, email: 'ops@example.com' })).toBe('O');
  });
});

describe('adminRoleLabel', () => {
  it('names the roles as the role select does', () => {
    expect(adminRoleLabel('admin')).toBe('Admin');
    expect(adminRoleLabel('superadmin')).toBe('Super Admin');
    expect(adminRoleLabel('support')).toBe('Support');
    expect(adminRoleLabel('auditor')).toBe('auditor');
  });
});

describe('parseAdminUser', () => {
  it('reads the login answer’s admin record', () => {
    expect(
      parseAdminUser({ id: 'a1', email: 'root@example.com', firstName: 'Root', lastName: null, role: 'superadmin', isActive: true }),
    ).toEqual({ id: 'a1', email: 'root@example.com', firstName: 'Root', lastName: null, role: 'superadmin', isActive: true });
  });

  it('defaults the role to admin and isActive to true', () => {
    expect(parseAdminUser({ id: 7, email: 'x@example.com' })).toEqual({
      id: '7',
      email: 'x@example.com',
      firstName: null,
      lastName: null,
      role: 'admin',
      isActive: true,
    });
  });

  it('rejects records without an id or e-mail', () => {
    expect(parseAdminUser(null)).toBeNull();
    expect(parseAdminUser('admin')).toBeNull();
    expect(parseAdminUser({ email: 'x@example.com' })).toBeNull();
    expect(parseAdminUser({ id: 'a1', email: '' })).toBeNull();
  });
});
