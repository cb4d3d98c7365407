import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, cookieHeader, type TestApp } from './test-app.ts';

const CLIENT_ID = 'reelsmith-test-client';
const PUBLIC_URL = 'http://127.0.0.1:3999';

interface Claims {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
  picture: string;
  aud: string;
}

// The whole authorization-code + PKCE flow against a real OpenID Connect provider on loopback.
describe('Google sign-in (OpenID Connect) against a local provider', () => {
  let provider: OAuth2Server;
  let t: TestApp;
  let claims: Claims;

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
      Object.assign(token.payload, claims);
    });
    t = await buildTestApp('pglite', {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'test-secret',
      GOOGLE_ISSUER: provider.issuer.url!,
      PUBLIC_URL,
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.stop();
  });
  beforeEach(async () => {
    await t.db.reset();
    claims = {
      sub: 'google-123',
      email: 'Katherine@Example.com',
      email_verified: true,
      given_name: 'Katherine',
      family_name: 'Johnson',
      picture: 'https://images.example/k.png',
      aud: CLIENT_ID,
    };
  });

  /** Starts the flow, lets the provider answer, and returns the callback request to make. */
  async function roundTrip(): Promise<{ callbackUrl: string; cookie: string; authorizeUrl: URL }> {
    const start = await t.app.inject({ method: 'GET', url: '/auth/google?returnTo=/profile' });
    expect(start.statusCode).toBe(302);
    const authorizeUrl = new URL(start.headers.location as string);
    const answer = await fetch(authorizeUrl, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(`${PUBLIC_URL}/auth/google/callback`);
    return { callbackUrl: back.pathname + back.search, cookie: cookieHeader(start), authorizeUrl };
  }

  it('asks for openid, email and profile with state and an S256 PKCE challenge', async () => {
    const { authorizeUrl } = await roundTrip();
    expect(authorizeUrl.origin).toBe(provider.issuer.url);
    expect(authorizeUrl.searchParams.get('response_type')).toBe('code');
    expect(authorizeUrl.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(authorizeUrl.searchParams.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('state')?.length).toBeGreaterThan(10);
  });

  it('signs the customer in from verified id_token claims and returns to the remembered path', async () => {
    const { callbackUrl, cookie } = await roundTrip();
    const done = await t.app.inject({ method: 'GET', url: callbackUrl, headers: { cookie } });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/profile');
    const session = done.cookies.find((c) => c.name === 'rs_session');
    expect(session?.value).toBeTruthy();
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: `rs_session=${session?.value}` } });
    expect(me.json()).toMatchObject({
      email: 'katherine@example.com',
      firstName: 'Katherine',
      lastName: 'Johnson',
      profileImageUrl: 'https://images.example/k.png',
    });
    const user = await t.db.db.selectFrom('users').select('google_sub').executeTakeFirstOrThrow();
    expect(user.google_sub).toBe('google-123');
  });

  it('refuses a callback whose state does not match the browser that started', async () => {
    const { callbackUrl } = await roundTrip();
    const done = await t.app.inject({ method: 'GET', url: callbackUrl, headers: { cookie: 'oauth2-redirect-state=forged' } });
    expect(done.statusCode).toBe(400);
    expect(done.cookies.find((c) => c.name === 'rs_session')).toBeUndefined();
    expect(await t.db.db.selectFrom('users').select('id').execute()).toHaveLength(0);
  });

  it('refuses an id_token issued for another client', async () => {
    claims.aud = 'someone-else';
    const { callbackUrl, cookie } = await roundTrip();
    const done = await t.app.inject({ method: 'GET', url: callbackUrl, headers: { cookie } });
    expect(done.statusCode).toBe(400);
    expect(done.body).toContain('We could not verify your Google sign-in.');
    expect(await t.db.db.selectFrom('users').select('id').execute()).toHaveLength(0);
  });

  it('refuses an unverified e-mail address', async () => {
    claims.email_verified = false;
    const { callbackUrl, cookie } = await roundTrip();
    const done = await t.app.inject({ method: 'GET', url: callbackUrl, headers: { cookie } });
    expect(done.statusCode).toBe(403);
    expect(await t.db.db.selectFrom('users').select('id').execute()).toHaveLength(0);
  });

  it('shows a readable page when the customer cancels at the provider', async () => {
    const done = await t.app.inject({ method: 'GET', url: '/auth/google/callback?error=access_denied' });
    expect(done.statusCode).toBe(400);
    expect(done.body).toContain('Sign-in was cancelled or refused by Google.');
  });

  it('has no development sign-in when Google is configured', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/dev', payload: { email: 'x@example.com' } });
    expect(res.statusCode).toBe(404);
  });
});
