import { describe, expect, it } from 'vitest';
import { adminStorageKeys, readAdminSession, removeAdminSession, writeAdminSession, type KeyValueStorage } from './admin-session.ts';
import type { AdminUser } from './admin-user.ts';

function memoryStorage(): KeyValueStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

const admin: AdminUser = { id: 'a1', email: 'root@example.com', firstName: 'Root', lastName: null, role: 'admin', isActive: true };

describe('admin session storage', () => {
  it('keeps the token under adminToken and the record under adminUser', () => {
    const storage = memoryStorage();
    writeAdminSession(storage, { token: 'tok', admin });
    expect(storage.entries.get(adminStorageKeys.token)).toBe('tok');
    expect(storage.entries.get('adminToken')).toBe('tok');
    expect(JSON.parse(storage.entries.get('adminUser')!)).toEqual(admin);
    expect(readAdminSession(storage)).toEqual({ token: 'tok', admin });
  });

  it('is signed out without a token, whatever the record says', () => {
    const storage = memoryStorage();
    storage.setItem('adminUser', JSON.stringify(admin));
    expect(readAdminSession(storage)).toBeNull();
  });

  it('keeps a token whose record is missing or unreadable', () => {
    const storage = memoryStorage();
    storage.setItem('adminToken', 'tok');
    expect(readAdminSession(storage)).toEqual({ token: 'tok', admin: null });
    storage.setItem('adminUser', '{not json');
    expect(readAdminSession(storage)).toEqual({ token: 'tok', admin: null });
  });

  it('removes both keys', () => {
    const storage = memoryStorage();
    writeAdminSession(storage, { token: 'tok', admin });
    removeAdminSession(storage);
    expect(storage.entries.size).toBe(0);
  });
});
