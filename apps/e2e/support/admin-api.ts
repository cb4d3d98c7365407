import { expect, type APIRequestContext } from '@playwright/test';
import { e2eAdmin } from './env.ts';

/** A bearer admin token from POST /api/admin/login (the seeded main admin unless told otherwise). */
export async function adminToken(request: APIRequestContext, admin: { email: string; password: string } = e2eAdmin): Promise<string> {
  const res = await request.post('/api/admin/login', { data: admin });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).token as string;
}

/** Creates an admin account of the role through the main admin (a superadmin) and answers its credentials. */
export async function createAdminAccount(request: APIRequestContext, role: 'support' | 'admin', email: string): Promise<{ email: string; password: string }> {
  const token = await adminToken(request);
  const password = 'Support-Passw0rd!x';
  const res = await request.post('/api/admin/admins', {
    headers: { authorization: `Bearer ${token}` },
    data: { email, password, firstName: 'Sam', lastName: 'Support', role },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return { email, password };
}

/** A customer's paid subscription and its payment, as the back-office finds them by e-mail. */
export async function findSubscriptionOf(request: APIRequestContext, token: string, email: string) {
  const headers = { authorization: `Bearer ${token}` };
  const list = await (await request.get(`/api/admin/subscriptions?search=${encodeURIComponent(email)}`, { headers })).json();
  const sub = list.data[0] as { id: string; userId: string };
  const detail = await (await request.get(`/api/admin/users/${sub.userId}/subscription`, { headers })).json();
  return { subscriptionId: sub.id, userId: sub.userId, transactionId: detail.transactions[0].id as string };
}
