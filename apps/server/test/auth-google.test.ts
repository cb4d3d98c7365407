import { testDatabaseKinds } from '@reelsmith/db/testing';
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
  iss?: string;
  hd?: string;
}

const otherAccountMessage =
  'This e-mail address belongs to a different Google account. Sign in with the Google account you first used, or contact support.';

async function startProvider(claims: () => Claims): Promise<OAuth2Server> {
  const provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, claims());
  });
  return provider;
}

function baseClaims(): Claims {
  return {
    sub: 'google-123',
    email: 'Katherine@Example.com',
    email_verified: true,
    given_name: 'Katherine',
    family_name: 'Johnson',
    picture: 'https://images.example/k.png',
    aud: CLIENT_ID,
  };
}

/** Starts the flow on the canonical host, lets the provider answer, and returns the callback request to make. */
async function roundTripOn(t: TestApp): Promise<{ callbackUrl: string; cookie: string; authorizeUrl: URL }> {
  const start = await t.app.inject({ method: 'GET', url: '/auth/google?returnTo=/profile', headers: { host: new URL(PUBLIC_URL).host } });
  expect(start.statusCode).toBe(302);
  const authorizeUrl = new URL(start.headers.location as string);
  const answer = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(`${PUBLIC_URL}/auth/google/callback`);
  return { callbackUrl: back.pathname + back.search, cookie: cookieHeader(start), authorizeUrl };
}

// The whole authorization-code + PKCE flow against a real OpenID Connect provider on loopback.
describe('Google sign-in (OpenID Connect) against a local provider', () => {
  let provider: OAuth2Server;
  let t: TestApp;
  let claims: Claims;

  beforeAll(async () => {
    provider = await startProvider(() => claims);
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
    claims = baseClaims();
  });

  const roundTrip = () => roundTripOn(t);

  it('asks for openid, email and profile with state and an S256 PKCE challenge', async () => {
    const { authorizeUrl } = await roundTrip();
    expect(authorizeUrl.origin).toBe(provider.issuer.url);
    expect(authorizeUrl.searchParams.get('response_type')).toBe('code');
    expect(authorizeUrl.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(authorizeUrl.searchParams.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('state')?.length).toBeGreaterThan(10);
    // After a sign-out, Google offers its account chooser instead of signing the same account back in.
    expect(authorizeUrl.searchParams.get('prompt')).toBe('select_account');
    expect(authorizeUrl.searchParams.has('hd')).toBe(false);
  });

  it('accepts the issuer in its documented form without a scheme', async () => {
    claims.iss = new URL(provider.issuer.url!).host;
    const { callbackUrl, cookie } = await roundTrip();
    const done = await t.app.inject({ method: 'GET', url: callbackUrl, headers: { cookie } });
    expect(done.statusCode).toBe(302);
    expect(done.cookies.find((c) => c.name === 'rs_session')?.value).toBeTruthy();
  });

  it('refuses an id_token from another issuer', async () => {
    claims.iss = 'https://impostor.example';
    const { callbackUrl, cookie } = await roundTrip();
    const done = await t.app.inject({ method: 'GET', url: callbackUrl, headers: { cookie } });
    expect(done.statusCode).toBe(400);
    expect(await t.db.db.selectFrom('users').select('id').execute()).toHaveLength(0);
  });

  it('starts on the canonical address: another host name is sent to PUBLIC_URL before any state cookie is set', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/auth/google?returnTo=/profile', headers: { host: 'www.reels.example' } });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe(`${PUBLIC_URL}/auth/google?returnTo=/profile`);
    expect(start.cookies).toHaveLength(0);
  });

  it('says what went wrong when the callback arrives without the state cookie', async () => {
    const { callbackUrl } = await roundTrip();
    const done = await t.app.inject({ method: 'GET', url: callbackUrl });
    expect(done.statusCode).toBe(400);
    expect(done.body).toContain(`Your sign-in started on a different address or your browser blocked cookies; start again from ${PUBLIC_URL}.`);
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

// Google: "the e-mail is not an identifier, sub is". A recycled address must not take over an account.
describe.each(testDatabaseKinds())('Google account linking by subject on %s', (kind) => {
  let provider: OAuth2Server;
  let t: TestApp;
  let claims: Claims;

  beforeAll(async () => {
    provider = await startProvider(() => claims);
    t = await buildTestApp(kind, { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: 'test-secret', GOOGLE_ISSUER: provider.issuer.url!, PUBLIC_URL });
  });
  afterAll(async () => {
    await t.close();
    await provider.stop();
  });
  beforeEach(async () => {
    await t.db.reset();
    claims = baseClaims();
  });

  async function signIn() {
    const { callbackUrl, cookie } = await roundTripOn(t);
    return t.app.inject({ method: 'GET', url: callbackUrl, headers: { cookie } });
  }
  const users = () => t.db.db.selectFrom('users').select(['id', 'email', 'google_sub']).orderBy('created_at').execute();

  it('refuses a different Google account that presents a stored e-mail, and keeps the stored subject', async () => {
    expect((await signIn()).statusCode).toBe(302);
    claims.sub = 'google-999-recycled';
    const refused = await signIn();
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain(otherAccountMessage.replace(/'/g, '&#39;'));
    expect(refused.cookies.find((c) => c.name === 'rs_session')).toBeUndefined();
    expect(await users()).toMatchObject([{ email: 'katherine@example.com', google_sub: 'google-123' }]);
  });

  it('follows the subject when the Google account changes its e-mail', async () => {
    expect((await signIn()).statusCode).toBe(302);
    claims.email = 'kj@new.example';
    expect((await signIn()).statusCode).toBe(302);
    expect(await users()).toMatchObject([{ email: 'kj@new.example', google_sub: 'google-123' }]);
  });

  it('keeps the stored e-mail when the new one already belongs to another customer', async () => {
    expect((await signIn()).statusCode).toBe(302);
    claims = { ...baseClaims(), sub: 'google-456', email: 'other@example.com' };
    expect((await signIn()).statusCode).toBe(302);
    claims = { ...baseClaims(), email: 'other@example.com' };
    expect((await signIn()).statusCode).toBe(302);
    expect(await users()).toMatchObject([
      { email: 'katherine@example.com', google_sub: 'google-123' },
      { email: 'other@example.com', google_sub: 'google-456' },
    ]);
  });

  it('links the first Google sign-in to an account that has no subject yet', async () => {
    await t.db.db.insertInto('users').values({ email: 'katherine@example.com', first_name: 'K', last_name: null, google_sub: null, profile_image_url: null, stripe_customer_id: null }).execute();
    expect((await signIn()).statusCode).toBe(302);
    expect(await users()).toMatchObject([{ email: 'katherine@example.com', google_sub: 'google-123' }]);
  });
});

describe('Google Workspace domain (hd), required', () => {
  let provider: OAuth2Server;
  let t: TestApp;
  let claims: Claims;

  beforeAll(async () => {
    provider = await startProvider(() => claims);
    t = await buildTestApp('pglite', {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'test-secret',
      GOOGLE_ISSUER: provider.issuer.url!,
      GOOGLE_HOSTED_DOMAIN: 'example.com',
      PUBLIC_URL,
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.stop();
  });
  beforeEach(async () => {
    await t.db.reset();
    claims = baseClaims();
  });

  it('asks Google for the domain and admits a token that carries it', async () => {
    claims.hd = 'example.com';
    const { callbackUrl, cookie, authorizeUrl } = await roundTripOn(t);
    expect(authorizeUrl.searchParams.get('hd')).toBe('example.com');
    const done = await t.app.inject({ method: 'GET', url: callbackUrl, headers: { cookie } });
    expect(done.statusCode).toBe(302);
  });

  it('refuses a token without the domain (a consumer account) or with another one, whatever was asked', async () => {
    for (const hd of [undefined, 'elsewhere.example']) {
      claims = { ...baseClaims(), ...(hd ? { hd } : {}) };
      const { callbackUrl, cookie } = await roundTripOn(t);
      const done = await t.app.inject({ method: 'GET', url: callbackUrl, headers: { cookie } });
      expect(done.statusCode).toBe(403);
      expect(done.body).toContain('Sign in with your example.com Google Workspace account.');
    }
    expect(await t.db.db.selectFrom('users').select('id').execute()).toHaveLength(0);
  });
});

describe('Google unreachable', () => {
  it('answers a clear 503 when the provider stops answering during the callback', async () => {
    let claims = baseClaims();
    const provider = await startProvider(() => claims);
    const t = await buildTestApp('pglite', {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'test-secret',
      GOOGLE_ISSUER: provider.issuer.url!,
      GOOGLE_TIMEOUT_SECONDS: '2',
      PUBLIC_URL,
    });
    try {
      const { callbackUrl, cookie } = await roundTripOn(t);
      await provider.stop();
      const done = await t.app.inject({ method: 'GET', url: callbackUrl, headers: { cookie } });
      expect(done.statusCode).toBe(503);
      expect(done.body).toContain('Google sign-in cannot be reached right now. Please try again in a minute.');
    } finally {
      await t.close();
    }
    claims = baseClaims();
  });

  it("starts with Google's own issuer without calling Google, and sends customers to its published endpoint", async () => {
    // Nothing here may reach the network: Google's endpoints are known, keys are fetched at first sign-in.
    const t = await buildTestApp('pglite', { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: 'test-secret', GOOGLE_ISSUER: 'https://accounts.google.com', PUBLIC_URL });
    try {
      const start = await t.app.inject({ method: 'GET', url: '/auth/google', headers: { host: new URL(PUBLIC_URL).host } });
      expect(start.statusCode).toBe(302);
      const to = new URL(start.headers.location as string);
      expect(to.origin + to.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
      expect(to.searchParams.get('prompt')).toBe('select_account');
      expect(to.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/auth/google/callback`);
    } finally {
      await t.close();
    }
  });
});
