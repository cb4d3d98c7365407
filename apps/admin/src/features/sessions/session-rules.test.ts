import { describe, expect, it } from 'vitest';
import { sessionCards, sessionEnd, sessionLocation, sortSessions, splitSessions } from './session-rules.ts';

const now = new Date(2026, 10, 22, 15, 0);

function session(overrides: Partial<Parameters<typeof sessionCards>[0][number]> & { id?: string } = {}) {
  return {
    id: 's',
    isActive: true,
    country: 'Germany',
    city: 'Berlin',
    loginAt: new Date(2026, 10, 22, 9, 0),
    expiresAt: new Date(2026, 11, 22, 9, 0),
    endedAt: null,
    ...overrides,
  };
}

describe('sessionLocation', () => {
  it('shows city and country, Unknown City or Unknown', () => {
    expect(sessionLocation({ city: 'Berlin', country: 'Germany' })).toBe('Berlin, Germany');
    expect(sessionLocation({ city: null, country: 'Germany' })).toBe('Unknown City, Germany');
    expect(sessionLocation({ city: 'Berlin', country: null })).toBe('Unknown');
    expect(sessionLocation({ city: null, country: ' ' })).toBe('Unknown');
  });
});

describe('sessionCards', () => {
  it('counts active sessions, logins today and distinct countries', () => {
    const sessions = [
      session(),
      session({ isActive: false, country: 'France', loginAt: new Date(2026, 10, 21, 23, 0) }),
      session({ country: 'germany ', city: null }),
      session({ country: null }),
    ];
    expect(sessionCards(sessions, now)).toEqual({ active: 3, todayLogins: 3, uniqueLocations: 3 });
  });
});

describe('splitSessions', () => {
  it('keeps at most 10 ended sessions, newest first', () => {
    const ended = Array.from({ length: 12 }, (_, i) => session({ id: `e${i}`, isActive: false, loginAt: new Date(2026, 10, 22, i) }));
    const { active, recent } = splitSessions([session({ id: 'a' }), ...ended]);
    expect(active.map((s) => s.id)).toEqual(['a']);
    expect(recent).toHaveLength(10);
    expect(recent[0]?.id).toBe('e11');
  });
});

describe('sessionEnd', () => {
  it('takes the earlier of the end and the expiry', () => {
    const ended = new Date(2026, 10, 22, 10, 30);
    expect(sessionEnd({ expiresAt: new Date(2026, 11, 1), endedAt: ended })).toBe(ended);
    const expiry = new Date(2026, 10, 22, 11);
    expect(sessionEnd({ expiresAt: expiry, endedAt: null })).toBe(expiry);
  });
});

describe('sortSessions', () => {
  const at = (h: number) => new Date(Date.UTC(2027, 0, 1, h));
  const s = (email: string, login: number, activity: number, city: string | null) => ({
    isActive: true, country: city ? 'Germany' : null, city, loginAt: at(login), lastActivityAt: at(activity), expiresAt: at(23), endedAt: null, user: { email },
  });
  const list = [s('b@example.com', 1, 5, 'Berlin'), s('a@example.com', 2, 3, null), s('c@example.com', 3, 4, 'Aachen')];
  const emails = (rows: { user: { email: string } }[]) => rows.map((r) => r.user.email);

  it('sorts by user, location, login and last activity, both ways, without changing its input', () => {
    expect(emails(sortSessions(list, 'user', 'asc'))).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
    expect(emails(sortSessions(list, 'user', 'desc'))).toEqual(['c@example.com', 'b@example.com', 'a@example.com']);
    expect(emails(sortSessions(list, 'location', 'asc'))).toEqual(['c@example.com', 'b@example.com', 'a@example.com']);
    expect(emails(sortSessions(list, 'login', 'asc'))).toEqual(['b@example.com', 'a@example.com', 'c@example.com']);
    expect(emails(sortSessions(list, 'activity', 'desc'))).toEqual(['b@example.com', 'c@example.com', 'a@example.com']);
    expect(emails(sortSessions(list, null, 'asc'))).toEqual(['c@example.com', 'a@example.com', 'b@example.com']);
    expect(emails(list)).toEqual(['b@example.com', 'a@example.com', 'c@example.com']);
  });
});
