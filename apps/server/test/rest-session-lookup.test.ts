import { testDatabaseKinds } from '@reelsmith/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

// Public REST routes skip the customer-session lookup (one query per call); customer routes keep it.
describe.each(testDatabaseKinds())('session lookup of the REST routes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.reset();
  });

  async function expiredSession(email: string): Promise<{ cookie: string; session: () => Promise<{ ended_at: Date | null; end_reason: string | null }> }> {
    const cookie = await devSignIn(t.app, email);
    const hourAgo = new Date(Date.now() - 3_600_000);
    await t.db.db.updateTable('user_sessions').set({ login_at: hourAgo, last_activity_at: hourAgo, expires_at: new Date(Date.now() - 60_000) }).execute();
    const session = () => t.db.db.selectFrom('user_sessions').select(['ended_at', 'end_reason']).executeTakeFirstOrThrow();
    return { cookie, session };
  }

  it('answers public routes without reading the session cookie', async () => {
    const { cookie, session } = await expiredSession('public-routes@example.com');
    for (const url of ['/api/plans', '/api/voices', '/api/platform/status']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
    }
    // Looking the expired session up would have ended it.
    expect(await session()).toEqual({ ended_at: null, end_reason: null });
  });

  it('still resolves the session on customer routes', async () => {
    const { cookie, session } = await expiredSession('customer-routes@example.com');
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(res.statusCode).toBe(401);
    expect(await session()).toMatchObject({ end_reason: 'expired' });
  });
});
