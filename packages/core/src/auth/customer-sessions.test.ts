import { testDatabaseKinds, type TestDatabase } from '@reelsmith/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSeededTestDatabase, testClock, testDeps, type TestClock } from '../testing.ts';
import { resolveCustomerSession, signInWithIdentity, signOut } from './customer-sessions.ts';
import { hashToken } from './tokens.ts';

const meta = { userAgent: 'Mozilla/5.0 Test', ip: '203.0.113.9', country: 'US', city: 'Austin' };
const options = { sessionTtlSeconds: 3600, registrationEnabled: true };
const ada = { googleSub: 'g-1', email: 'Ada@Example.com', firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: null };

describe.each(testDatabaseKinds())('customer sessions on %s', (kind) => {
  let t: TestDatabase;
  let clock: TestClock;
  beforeAll(async () => {
    t = await createSeededTestDatabase(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    clock = testClock();
  });

  it('registers a new customer and stores only the token hash with the request details', async () => {
    const deps = testDeps(t.db, clock);
    const signed = await signInWithIdentity(deps, ada, meta, options);
    expect(signed.isNewUser).toBe(true);
    expect(signed.user.email).toBe('ada@example.com');
    const rows = await t.db.selectFrom('user_sessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(hashToken(signed.token));
    expect(rows[0]?.token_hash).not.toContain(signed.token);
    expect(rows[0]).toMatchObject({ user_agent: meta.userAgent, ip: meta.ip, country: 'US', city: 'Austin' });
  });

  it('starts a new customer on the Free plan, once', async () => {
    const deps = testDeps(t.db, clock);
    await signInWithIdentity(deps, ada, meta, options);
    await signInWithIdentity(deps, ada, meta, options);
    const subs = await t.db
      .selectFrom('subscriptions as s')
      .innerJoin('plans as p', 'p.id', 's.plan_id')
      .select(['p.code', 's.status', 's.end_date'])
      .execute();
    expect(subs).toEqual([{ code: 'free', status: 'active', end_date: null }]);
  });

  it('finds a returning customer by subject, else links by e-mail', async () => {
    const deps = testDeps(t.db, clock);
    const first = await signInWithIdentity(deps, { ...ada, googleSub: null }, meta, options);
    const second = await signInWithIdentity(deps, ada, meta, options);
    expect(second.isNewUser).toBe(false);
    expect(second.user.id).toBe(first.user.id);
    expect(second.user.google_sub).toBe('g-1');
    const users = await t.db.selectFrom('users').select('id').execute();
    expect(users).toHaveLength(1);
  });

  it('resolves a live session and refuses ended, expired and unknown ones', async () => {
    const deps = testDeps(t.db, clock);
    const signed = await signInWithIdentity(deps, ada, meta, options);
    expect((await resolveCustomerSession(deps, signed.token)).state).toBe('active');
    expect((await resolveCustomerSession(deps, 'not-a-token')).state).toBe('missing');
    expect((await resolveCustomerSession(deps, undefined)).state).toBe('missing');
    clock.advance(3601 * 1000);
    expect((await resolveCustomerSession(deps, signed.token)).state).toBe('expired');
    const row = await t.db.selectFrom('user_sessions').select(['ended_at', 'end_reason']).executeTakeFirstOrThrow();
    expect(row.end_reason).toBe('expired');
  });

  it('ends the session on sign-out', async () => {
    const deps = testDeps(t.db, clock);
    const signed = await signInWithIdentity(deps, ada, meta, options);
    await signOut(deps, signed.token);
    expect((await resolveCustomerSession(deps, signed.token)).state).toBe('ended');
  });

  it('refuses a suspended customer at sign-in and ends their open sessions on the next call', async () => {
    const deps = testDeps(t.db, clock);
    const signed = await signInWithIdentity(deps, ada, meta, options);
    await t.db.updateTable('users').set({ is_active: false }).execute();
    expect((await resolveCustomerSession(deps, signed.token)).state).toBe('suspended');
    await expect(signInWithIdentity(deps, ada, meta, options)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const sessions = await t.db.selectFrom('user_sessions').select('end_reason').execute();
    expect(sessions.map((s) => s.end_reason)).toEqual(['suspended']);
  });

  it('refuses new customers when registration is closed, but lets existing ones in', async () => {
    const deps = testDeps(t.db, clock);
    await expect(signInWithIdentity(deps, ada, meta, { ...options, registrationEnabled: false })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'New sign-ups are currently closed.',
    });
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(0);
    await signInWithIdentity(deps, ada, meta, options);
    await expect(signInWithIdentity(deps, ada, meta, { ...options, registrationEnabled: false })).resolves.toBeTruthy();
  });

  it('records last activity at most once a minute', async () => {
    const deps = testDeps(t.db, clock);
    const signed = await signInWithIdentity(deps, ada, meta, options);
    const before = await t.db.selectFrom('user_sessions').select('last_activity_at').executeTakeFirstOrThrow();
    clock.advance(30_000);
    await resolveCustomerSession(deps, signed.token);
    const unchanged = await t.db.selectFrom('user_sessions').select('last_activity_at').executeTakeFirstOrThrow();
    expect(unchanged.last_activity_at.getTime()).toBe(before.last_activity_at.getTime());
    clock.advance(61_000);
    await resolveCustomerSession(deps, signed.token);
    const touched = await t.db.selectFrom('user_sessions').select('last_activity_at').executeTakeFirstOrThrow();
    expect(touched.last_activity_at.getTime()).toBe(clock.now().getTime());
  });
});
