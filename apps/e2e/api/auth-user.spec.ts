import { expect, test } from '@playwright/test';
import { signedOutBody, uniqueEmail } from '../support/auth.ts';

test.describe('GET /api/auth/user', { tag: '@api' }, () => {
  test('answers 401 with requiresReauth when signed out', async ({ request }) => {
    const res = await request.get('/api/auth/user');
    expect(res.status()).toBe(401);
    expect(res.headers()['content-type']).toContain('application/json');
    expect(await res.json()).toEqual(signedOutBody);
  });

  test('answers 200 with the user after a JSON sign-in on /auth/dev', async ({ request }) => {
    const email = uniqueEmail('api');
    const signIn = await request.post('/auth/dev', { data: { email, name: 'Api Tester' } });
    expect(signIn.status()).toBe(200);
    const signInBody: unknown = await signIn.json();
    expect(signInBody).toEqual({ ok: true, userId: expect.any(String), isNewUser: true });
    const setCookie = signIn.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie');
    expect(setCookie.map((h) => h.value).join('\n')).toMatch(/(^|\n)rs_session=[^;]+;.*HttpOnly/i);

    const res = await request.get('/api/auth/user');
    expect(res.status()).toBe(200);
    const user: unknown = await res.json();
    expect(user).toEqual({
      id: (signInBody as { userId: string }).userId,
      email,
      firstName: 'Api',
      lastName: 'Tester',
      profileImageUrl: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      dailyVideoCount: 0,
    });

    // Signing in again with the same e-mail finds the same account.
    const again = await request.post('/auth/dev', { data: { email, name: 'Api Tester' } });
    expect(await again.json()).toMatchObject({ ok: true, userId: (signInBody as { userId: string }).userId, isNewUser: false });
  });
});
