import { describe, expect, it } from 'vitest';
import { abilitiesOf } from './admin-role.ts';

describe('abilitiesOf', () => {
  it('follows the role ladder of docs/decisions.md', () => {
    expect(abilitiesOf('support')).toEqual({ moderateUsers: true, manage: false, superadmin: false });
    expect(abilitiesOf('admin')).toEqual({ moderateUsers: true, manage: true, superadmin: false });
    expect(abilitiesOf('superadmin')).toEqual({ moderateUsers: true, manage: true, superadmin: true });
  });

  it('allows nothing without a known role', () => {
    expect(abilitiesOf(null)).toEqual({ moderateUsers: false, manage: false, superadmin: false });
  });
});
