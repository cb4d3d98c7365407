import { useSyncExternalStore } from 'react';
import { parseAdminUser, type AdminUser } from './admin-user.ts';

/** Spec §4: the token and the admin record live in local storage under these keys. */
export const adminStorageKeys = { token: 'adminToken', user: 'adminUser' } as const;

export interface AdminSession {
  token: string;
  /** Null when the stored record is missing or unreadable; the token alone still signs the admin in. */
  admin: AdminUser | null;
}

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readAdminSession(storage: KeyValueStorage): AdminSession | null {
  const token = storage.getItem(adminStorageKeys.token);
  if (!token) return null;
  return { token, admin: parseStoredAdmin(storage.getItem(adminStorageKeys.user)) };
}

export function writeAdminSession(storage: KeyValueStorage, session: { token: string; admin: AdminUser }): void {
  storage.setItem(adminStorageKeys.token, session.token);
  storage.setItem(adminStorageKeys.user, JSON.stringify(session.admin));
}

export function removeAdminSession(storage: KeyValueStorage): void {
  storage.removeItem(adminStorageKeys.token);
  storage.removeItem(adminStorageKeys.user);
}

function parseStoredAdmin(raw: string | null): AdminUser | null {
  if (!raw) return null;
  try {
    return parseAdminUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

// The browser-bound store below: components subscribe to it, and other tabs' changes arrive as 'storage' events.

const listeners = new Set<() => void>();
let cachedRaw: string | undefined;
let cachedSession: AdminSession | null = null;

function browserStorage(): KeyValueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled by the browser: nobody is signed in
  }
}

export function getAdminSession(): AdminSession | null {
  const storage = browserStorage();
  if (!storage) return null;
  // useSyncExternalStore needs a stable snapshot, so re-parse only when the stored strings change.
  const raw = `${storage.getItem(adminStorageKeys.token) ?? ''}\n${storage.getItem(adminStorageKeys.user) ?? ''}`;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = readAdminSession(storage);
  }
  return cachedSession;
}

export function getAdminToken(): string | null {
  return getAdminSession()?.token ?? null;
}

export function saveAdminSession(session: { token: string; admin: AdminUser }): void {
  const storage = browserStorage();
  if (storage) writeAdminSession(storage, session);
  notifyListeners();
}

export function clearAdminSession(): void {
  const storage = browserStorage();
  if (storage) removeAdminSession(storage);
  notifyListeners();
}

function notifyListeners(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The stored admin session, kept current across this tab's and other tabs' sign-ins and sign-outs. */
export function useAdminSession(): AdminSession | null {
  return useSyncExternalStore(subscribe, getAdminSession, () => null);
}
