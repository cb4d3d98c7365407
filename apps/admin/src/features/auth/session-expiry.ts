import { navigateToAdmin } from '../../lib/admin-paths.ts';
import { browserSessionStorage, storeFlashNotice } from '../../lib/flash-notice.ts';
import { notifyError } from '../../lib/notify.ts';
import { queryClient } from '../../lib/query-client.ts';
import { clearAdminSession } from './admin-session.ts';

export const sessionExpiredTitle = 'Session expired';
// The server's text (sessionExpiredMessage of @reelsmith/shared), kept here because importing that package's
// index would bundle zod; session-expiry.test.ts keeps the two equal.
export const sessionExpiredMessage = 'Session expired - please login again';

let expiring = false;

/**
 * Spec §4: a 401 on any admin call forgets the token and admin record and returns to the login page.
 * Parallel calls failing together lead to one toast and one navigation.
 */
export function expireAdminSession(): void {
  if (expiring) return;
  expiring = true;
  clearAdminSession();
  queryClient.clear();
  const notice = { title: sessionExpiredTitle, message: sessionExpiredMessage };
  notifyError(notice.title, notice.message);
  // The toast above is lost with the reload, so the login page shows it again.
  const storage = browserSessionStorage();
  if (storage) storeFlashNotice(storage, notice);
  navigateToAdmin();
}
