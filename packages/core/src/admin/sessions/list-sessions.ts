import { listFinishedSessionRows, listLiveSessionRows, type AdminSessionRow } from '@reelsmith/db';
import { RECENT_SESSIONS_LIMIT, userDisplayName, type AdminSession } from '@reelsmith/shared';
import type { CoreDeps } from '../../deps.ts';
import { daysAgo } from '../analytics/time-ranges.ts';
import { parseUserAgent } from './parse-user-agent.ts';

/** At most this many active sessions are listed (the newest logins). */
export const ACTIVE_SESSIONS_LIMIT = 500;

/**
 * Customer sessions for the Sessions screen: every active one (not ended, not expired), then at
 * most 10 that ended (or expired) in the last 24 hours, most recent first.
 */
export async function listAdminSessions(deps: CoreDeps): Promise<AdminSession[]> {
  const now = deps.clock.now();
  const dayAgo = daysAgo(now, 1);
  const [active, recent] = await Promise.all([
    listLiveSessionRows(deps.db, now, ACTIVE_SESSIONS_LIMIT),
    listFinishedSessionRows(deps.db, now, dayAgo, RECENT_SESSIONS_LIMIT),
  ]);
  const toSession = (r: AdminSessionRow, isActive: boolean): AdminSession => ({
    id: r.id,
    user: { id: r.user_id, name: userDisplayName({ firstName: r.first_name, lastName: r.last_name }), email: r.email, avatarUrl: r.profile_image_url },
    userAgent: r.user_agent,
    country: r.country,
    city: r.city,
    loginAt: r.login_at,
    lastActivityAt: r.last_activity_at,
    expiresAt: r.expires_at,
    endedAt: r.ended_at ?? (isActive ? null : r.expires_at),
    isActive,
    ...parseUserAgent(r.user_agent),
  });
  return [...active.map((r) => toSession(r, true)), ...recent.map((r) => toSession(r, false))];
}
