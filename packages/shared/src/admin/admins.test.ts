import { describe, expect, it } from 'vitest';
import { passwordWeakness, splitAdminName } from './admins.ts';

describe('admin password strength', () => {
  it('needs the minimum length', () => {
    expect(passwordWeakness('Ab1!', 8)).toBe('The password must be at least 8 characters long.');
    expect(passwordWeakness('Abcdefg1', 12)).toBe('The password must be at least 12 characters long.');
  });
  it('needs three of the four character classes', () => {
    expect(passwordWeakness('abcdefgh', 8)).toMatch(/at least three/);
    expect(passwordWeakness('abcdefg1', 8)).toMatch(/at least three/);
    expect(passwordWeakness('Abcdefg1', 8)).toBeNull();
    expect(passwordWeakness('abcdef1!', 8)).toBeNull();
  });
});

describe('splitAdminName', () => {
  it('splits at the first space', () => {
    expect(splitAdminName('Ada Lovelace King')).toEqual({ firstName: 'Ada', lastName: 'Lovelace King' });
    expect(splitAdminName('  Grace ')).toEqual({ firstName: 'Grace', lastName: '' });
    expect(splitAdminName('')).toEqual({ firstName: '', lastName: '' });
  });
});
