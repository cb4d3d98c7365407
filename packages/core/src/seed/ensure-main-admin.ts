import { findMainAdminEmail, insertAdminIfAbsent } from '@reelsmith/db';
import type { CoreDeps } from '../deps.ts';
import { generatePassword, hashPassword } from '../auth/password.ts';

export const DEFAULT_MAIN_ADMIN_EMAIL = 'admin@reelsmith.local';

export interface MainAdminResult {
  email: string;
  created: boolean;
  /** Set only when this call created the admin with a generated password. */
  generatedPassword?: string;
}

/**
 * Creates the main admin on first start from the configured credentials, or with a generated
 * password (shown once) when none is configured. An existing main admin is left as it is.
 */
export async function ensureMainAdmin(
  deps: CoreDeps,
  credentials: { email: string | undefined; password: string | undefined },
): Promise<MainAdminResult> {
  const existing = await findMainAdminEmail(deps.db);
  if (existing) return { email: existing, created: false };
  const email = (credentials.email ?? DEFAULT_MAIN_ADMIN_EMAIL).toLowerCase();
  const password = credentials.password ?? generatePassword();
  // Several processes starting at once on a new database race here: the first insert wins, the
  // others read what it made.
  const inserted = await insertAdminIfAbsent(deps.db, {
    email,
    password_hash: await hashPassword(password),
    first_name: 'Main',
    last_name: 'Admin',
    role: 'superadmin',
    is_main: true,
  });
  if (!inserted) return { email: (await findMainAdminEmail(deps.db)) ?? email, created: false };
  deps.logger.info({ email }, 'main admin created');
  return credentials.password ? { email, created: true } : { email, created: true, generatedPassword: password };
}
