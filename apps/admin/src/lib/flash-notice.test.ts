import { describe, expect, it } from 'vitest';
import { storeFlashNotice, takeFlashNotice } from './flash-notice.ts';

function memoryStorage() {
  const entries = new Map<string, string>();
  return {
    getItem: (key: string) => entries.get(key) ?? null,
    setItem: (key: string, value: string) => void entries.set(key, value),
    removeItem: (key: string) => void entries.delete(key),
    entries,
  };
}

describe('flash notices', () => {
  it('are returned once', () => {
    const storage = memoryStorage();
    storeFlashNotice(storage, { title: 'Session expired', message: 'Session expired - please login again' });
    expect(takeFlashNotice(storage)).toEqual({ title: 'Session expired', message: 'Session expired - please login again' });
    expect(takeFlashNotice(storage)).toBeNull();
  });

  it('ignore and drop a malformed entry', () => {
    const storage = memoryStorage();
    storage.setItem('adminFlashNotice', '{"title":1}');
    expect(takeFlashNotice(storage)).toBeNull();
    expect(storage.entries.size).toBe(0);
  });
});
