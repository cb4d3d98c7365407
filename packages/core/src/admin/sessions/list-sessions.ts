import { RECENT_SESSIONS_LIMIT, userDisplayName, type AdminSession } from '@reelsmith/shared';
import type { CoreDeps } from '../../deps.ts';
import { daysAgo } from '../analytics/time-ranges.ts';
import { parseUserAgent } from './parse-user-agent.ts';

/** At most this many active sessions are listed (the newest logins). */
export const ACTIVE_SESSIONS_LIMIT = 500;

const columns = [
  's.id', 's.user_agent', 's.country', 's.city', 's.login_at', 's.last_activity_at', 's.expires_at', 's.ended_at',
  'u.id as user_id', 'u.first_name', 'u.last_name', 'u.email', 'u.profile_image_url',
] as const;

/**
 * Customer sessions for the Sessions screen: every active one (not ended, not expired), then at
 * most 10 that ended (or expired) in the last 24 hours, most recent first.
 */
export async function listAdminSessions(deps: CoreDeps): Promise<AdminSession[]> {
  const now = deps.clock.now();
  const dayAgo = daysAgo(now, 1);
  const base = deps.db.selectFrom('user_sessions as s').innerJoin('users as u', 'u.id', 's.user_id').select(columns);
  const [active, recent] = await Promise.all([
    base
      .where('s.ended_at', 'is', null)
      .where('s.expires_at', '>', now)
      .orderBy('s.login_at', 'desc')
      .orderBy('s.id')
      .limit(ACTIVE_SESSIONS_LIMIT)
      .execute(),
    base
      .select((eb) => eb.fn.coalesce('s.ended_at', 's.expires_at').as('finished_at'))
      .where((eb) =>
        eb.or([
          eb.and([eb('s.ended_at', 'is not', null), eb('s.ended_at', '>=', dayAgo)]),
          eb.and([eb('s.ended_at', 'is', null), eb('s.expires_at', '<=', now), eb('s.expires_at', '>=', dayAgo)]),
        ]),
      )
      .orderBy('finished_at', 'desc')
      .orderBy('s.id')
      .limit(RECENT_SESSIONS_LIMIT)
      .execute(),
  ]);
  const toSession = (r: (typeof active)[number], isActive: boolean): AdminSession => ({
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
