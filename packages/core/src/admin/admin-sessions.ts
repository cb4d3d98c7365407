import { findAdminTokenWithAdmin, type AdminRole } from '@reelsmith/db';
import type { CoreDeps } from '../deps.ts';
import { hashToken } from '../auth/tokens.ts';

export type { AdminRole };

export interface AdminPrincipal {
  id: string;
  email: string;
  role: AdminRole;
  tokenId: string;
}

/** Superadmin may do everything; other roles only what a procedure lists. */
export function hasAdminRole(role: AdminRole, allowed: readonly AdminRole[]): boolean {
  return role === 'superadmin' || allowed.length === 0 || allowed.includes(role);
}

/** Resolves a bearer admin token; revoked, expired or inactive answers null. */
export async function resolveAdminToken(deps: CoreDeps, token: string | undefined): Promise<AdminPrincipal | null> {
  if (!token) return null;
  const row = await findAdminTokenWithAdmin(deps.db, hashToken(token));
  if (!row || row.revoked_at || !row.is_active) return null;
  if (row.expires_at.getTime() <= deps.clock.now().getTime()) return null;
  return { id: row.id, email: row.email, role: row.role, tokenId: row.tokenId };
}
