import { isSameDay } from 'date-fns';

/** Spec §9: at most 10 recent sessions (RECENT_SESSIONS_LIMIT on the server). */
const recentSessionsLimit = 10;

// Spec §2 Session Management: cards, the two tables and how a location and a duration read.

interface SessionLike {
  isActive: boolean;
  country: string | null;
  city: string | null;
  loginAt: Date;
  expiresAt: Date;
  endedAt: Date | null;
}

/** 'Berlin, Germany'; a known country with no city is 'Unknown City, Germany'; no country at all is 'Unknown'. */
export function sessionLocation(session: Pick<SessionLike, 'country' | 'city'>): string {
  const country = session.country?.trim();
  if (!country) return 'Unknown';
  const city = session.city?.trim();
  return `${city || 'Unknown City'}, ${country}`;
}

export function sessionCards(sessions: readonly SessionLike[], now: Date = new Date()) {
  const countries = new Set(sessions.map((session) => session.country?.trim()).filter((country): country is string => Boolean(country)));
  return {
    active: sessions.filter((session) => session.isActive).length,
    todayLogins: sessions.filter((session) => isSameDay(session.loginAt, now)).length,
    uniqueLocations: countries.size,
  };
}

/** Active sessions, and at most 10 ended ones, most recent login first. */
export function splitSessions<T extends SessionLike>(sessions: readonly T[]): { active: T[]; recent: T[] } {
  const byLoginDesc = (a: T, b: T) => b.loginAt.getTime() - a.loginAt.getTime();
  return {
    active: sessions.filter((session) => session.isActive).sort(byLoginDesc),
    recent: sessions
      .filter((session) => !session.isActive)
      .sort(byLoginDesc)
      .slice(0, recentSessionsLimit),
  };
}

/** The end of an ended session: when it actually ended, else its expiry (spec §3: expiresAt minus loginAt). */
export function sessionEnd(session: Pick<SessionLike, 'expiresAt' | 'endedAt'>): Date {
  return session.endedAt && session.endedAt < session.expiresAt ? session.endedAt : session.expiresAt;
}

/** Sessions are refetched every 30 s (spec §9). */
export const sessionsRefreshMs = 30_000;

/** The Active Sessions table's sortable columns (sorted in the browser: the screen holds the whole list). */
export const SESSION_SORT_COLUMNS = ['user', 'location', 'login', 'activity'] as const;
export type SessionSortColumn = (typeof SESSION_SORT_COLUMNS)[number];

interface SortableSession extends SessionLike {
  user: { email: string };
  lastActivityAt: Date;
}

/** Sessions in the asked order (a copy); without a column, most recent login first. Ties keep the login order. */
export function sortSessions<T extends SortableSession>(sessions: readonly T[], sort: SessionSortColumn | null, dir: 'asc' | 'desc'): T[] {
  const sign = dir === 'asc' ? 1 : -1;
  const byLoginDesc = (a: T, b: T) => b.loginAt.getTime() - a.loginAt.getTime();
  const key: Record<SessionSortColumn, (a: T, b: T) => number> = {
    user: (a, b) => a.user.email.localeCompare(b.user.email),
    location: (a, b) => sessionLocation(a).localeCompare(sessionLocation(b)),
    login: (a, b) => a.loginAt.getTime() - b.loginAt.getTime(),
    activity: (a, b) => a.lastActivityAt.getTime() - b.lastActivityAt.getTime(),
  };
  if (!sort) return [...sessions].sort(byLoginDesc);
  return [...sessions].sort((a, b) => sign * key[sort](a, b) || byLoginDesc(a, b));
}
