// A toast that must survive a full-page navigation (e.g. 'Session expired' before the reload to /admin).

export interface FlashNotice {
  title: string;
  message: string;
}

const flashKey = 'adminFlashNotice';

type SessionStorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function storeFlashNotice(storage: SessionStorageLike, notice: FlashNotice): void {
  storage.setItem(flashKey, JSON.stringify(notice));
}

/** Returns the stored notice once and forgets it. */
export function takeFlashNotice(storage: SessionStorageLike): FlashNotice | null {
  const raw = storage.getItem(flashKey);
  if (raw === null) return null;
  storage.removeItem(flashKey);
  try {
    const value = JSON.parse(raw) as Partial<FlashNotice> | null;
    return typeof value?.title === 'string' && typeof value.message === 'string' ? { title: value.title, message: value.message } : null;
  } catch {
    return null;
  }
}

export function browserSessionStorage(): SessionStorageLike | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
