import type { Selectable } from 'kysely';
import { preparedQuery } from '../prepared-query.ts';
import type { UserSessionsTable } from '../schema.ts';
import type { Executor, UserRow } from './users.ts';

export type SessionRow = Pick<
  Selectable<UserSessionsTable>,
  'id' | 'user_id' | 'login_at' | 'last_activity_at' | 'expires_at' | 'ended_at'
>;

export interface NewSession {
  userId: string;
  tokenHash: string;
  userAgent: string | null;
  ip: string | null;
  country: string | null;
  city: string | null;
  loginAt: Date;
  expiresAt: Date;
}

export function insertSession(db: Executor, session: NewSession): Promise<SessionRow> {
  return db
    .insertInto('user_sessions')
    .values({
      user_id: session.userId,
      token_hash: session.tokenHash,
      user_agent: session.userAgent,
      ip: session.ip,
      country: session.country,
      city: session.city,
      login_at: session.loginAt,
      last_activity_at: session.loginAt,
      expires_at: session.expiresAt,
    })
    .returning(['id', 'user_id', 'login_at', 'last_activity_at', 'expires_at', 'ended_at'])
    .executeTakeFirstOrThrow();
}

export interface LiveSession {
  session: SessionRow;
  user: UserRow;
}

/** The statement of findSessionByTokenHash, compiled once: every signed-in call sends it. */
const sessionByTokenHash = preparedQuery((db, tokenHash: string) =>
  db
    .selectFrom('user_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id', 's.user_id', 's.login_at', 's.last_activity_at', 's.expires_at', 's.ended_at',
      'u.email', 'u.first_name', 'u.last_name', 'u.profile_image_url', 'u.is_active', 'u.created_at', 'u.google_sub',
    ])
    .where('s.token_hash', '=', tokenHash),
  { cachedReadOf: ['user_sessions', 'users'] },
);

/** The session for a token hash with its user, whatever its state; callers decide what is live. */
export async function findSessionByTokenHash(db: Executor, tokenHash: string): Promise<LiveSession | undefined> {
  const row = (await db.executeQuery(sessionByTokenHash(db, tokenHash))).rows[0];
  if (!row) return undefined;
  return {
    session: {
      id: row.id, user_id: row.user_id, login_at: row.login_at, last_activity_at: row.last_activity_at,
      expires_at: row.expires_at, ended_at: row.ended_at,
    },
    user: {
      id: row.user_id, email: row.email, first_name: row.first_name, last_name: row.last_name,
      profile_image_url: row.profile_image_url, is_active: row.is_active, created_at: row.created_at,
      google_sub: row.google_sub,
    },
  };
}

export async function touchSession(db: Executor, id: string, at: Date): Promise<void> {
  await db.updateTable('user_sessions').set({ last_activity_at: at }).where('id', '=', id).execute();
}

export async function endSession(
  db: Executor,
  id: string,
  at: Date,
  reason: 'logout' | 'suspended' | 'expired' | 'revoked',
): Promise<void> {
  await db
    .updateTable('user_sessions')
    .set({ ended_at: at, end_reason: reason })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .execute();
}

export async function endUserSessions(
  db: Executor,
  userId: string,
  at: Date,
  reason: 'logout' | 'suspended' | 'expired' | 'revoked',
): Promise<number> {
  const result = await db
    .updateTable('user_sessions')
    .set({ ended_at: at, end_reason: reason })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** How many customers had a session with activity since `since` that began by `now`. */
export async function countActiveUsers(db: Executor, since: Date, now: Date): Promise<number> {
  const row = await db
    .selectFrom('user_sessions')
    .select((eb) => eb.fn.count<string>('user_id').distinct().as('active'))
    .where('last_activity_at', '>=', since)
    .where('login_at', '<=', now)
    .executeTakeFirstOrThrow();
  return Number(row.active);
}

const adminSessionColumns = [
  's.id', 's.user_agent', 's.country', 's.city', 's.login_at', 's.last_activity_at', 's.expires_at', 's.ended_at',
  'u.id as user_id', 'u.first_name', 'u.last_name', 'u.email', 'u.profile_image_url',
] as const;

function adminSessionQuery(db: Executor) {
  return db.selectFrom('user_sessions as s').innerJoin('users as u', 'u.id', 's.user_id').select(adminSessionColumns);
}

/** A session with its customer, as the back-office lists it. */
export type AdminSessionRow = Awaited<ReturnType<ReturnType<typeof adminSessionQuery>['executeTakeFirstOrThrow']>>;

/** Sessions neither ended nor expired at `now`, newest login first (at most `limit`). */
export function listLiveSessionRows(db: Executor, now: Date, limit: number): Promise<AdminSessionRow[]> {
  return adminSessionQuery(db).where('s.ended_at', 'is', null).where('s.expires_at', '>', now).orderBy('s.login_at', 'desc').orderBy('s.id').limit(limit).execute();
}

/** Sessions that ended, or expired by `now`, since `since`; the most recently finished first (at most `limit`). */
export function listFinishedSessionRows(db: Executor, now: Date, since: Date, limit: number): Promise<AdminSessionRow[]> {
  return adminSessionQuery(db)
    .select((eb) => eb.fn.coalesce('s.ended_at', 's.expires_at').as('finished_at'))
    .where((eb) =>
      eb.or([
        eb.and([eb('s.ended_at', 'is not', null), eb('s.ended_at', '>=', since)]),
        eb.and([eb('s.ended_at', 'is', null), eb('s.expires_at', '<=', now), eb('s.expires_at', '>=', since)]),
      ]),
    )
    .orderBy('finished_at', 'desc')
    .orderBy('s.id')
    .limit(limit)
    .execute();
}
