import { adminFetch } from '../../lib/admin-api.ts';
import { navigateToAdmin } from '../../lib/admin-paths.ts';
import { queryClient } from '../../lib/query-client.ts';
import { clearAdminSession } from './admin-session.ts';

/** Tells the server to revoke the token, then signs out locally even when that call fails. */
export async function logoutAdmin(): Promise<void> {
  try {
    await adminFetch('/api/admin/logout', { method: 'POST', on401: 'throw' });
  } catch (error) {
    console.warn('Admin logout call failed; signing out locally', error);
  }
  clearAdminSession();
  queryClient.clear();
  navigateToAdmin();
}
