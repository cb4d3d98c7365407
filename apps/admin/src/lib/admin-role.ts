import { useAdminSession } from '../features/auth/admin-session.ts';
import type { AdminRole } from '../features/auth/admin-user.ts';

// docs/decisions.md "Admin roles": support reads and moderates users; admin also manages subscriptions,
// e-mail and settings; superadmin also manages admin accounts. The server enforces it; the UI only hides.

export interface AdminAbilities {
  /** Suspend or activate customers (every role). */
  moderateUsers: boolean;
  /** Refunds, adjustments, e-mail templates and test sends, system settings. */
  manage: boolean;
  /** Add and delete admin accounts. */
  superadmin: boolean;
}

export function abilitiesOf(role: AdminRole | null | undefined): AdminAbilities {
  return {
    moderateUsers: role === 'support' || role === 'admin' || role === 'superadmin',
    manage: role === 'admin' || role === 'superadmin',
    superadmin: role === 'superadmin',
  };
}

/** What the signed-in admin may do; an unreadable stored record allows nothing beyond reading. */
export function useAdminAbilities(): AdminAbilities {
  const session = useAdminSession();
  return abilitiesOf(session?.admin?.role ?? null);
}
