import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { hashToken, newSecretToken } from '@reelsmith/core';
import type { AdminRole } from '@reelsmith/db';
import type { TestApp } from '../test-app.ts';

export interface TestAdmin {
  id: string;
  email: string;
  token: string;
  /** A request with this admin's bearer token. */
  call: (method: InjectOptions['method'], url: string, payload?: object) => Promise<LightMyRequestResponse>;
}

/** An admin of the role with a live bearer token (stored as a sign-in would, without its audit entry). */
export async function adminAs(t: TestApp, role: AdminRole, email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`): Promise<TestAdmin> {
  const admin = await t.db.db
    .insertInto('admins')
    .values({ email, password_hash: 'unused', first_name: role, last_name: 'Tester', role })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newSecretToken();
  await t.db.db
    .insertInto('admin_tokens')
    .values({ admin_id: admin.id, token_hash: hashToken(token), ip: null, user_agent: null, expires_at: new Date(t.clock.now().getTime() + 3600_000) })
    .execute();
  return {
    id: admin.id,
    email,
    token,
    call: (method, url, payload) =>
      t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) }),
  };
}
