import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { safeReturnPath } from '../src/auth/return-to.ts';
import { controlCharacterMessage } from '../src/plugins/input-guard.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

// Issue 13 item 5: `returnTo=/%09/evil.example` passed the old prefix check, and the browser (which drops
// tabs and line breaks from a Location) went to //evil.example. Each known way of leaving the site is
// tried as a link would carry it, through the whole sign-in, and must land on '/'.

const publicOrigin = 'https://reelsmith.example';

/** Query-string values as they appear in a link (percent-encoded once, as the browser sends them). */
const bypasses: [string, string][] = [
  ['scheme-relative', '//evil.example'],
  ['scheme-relative, encoded', '%2F%2Fevil.example'],
  ['three slashes', '///evil.example'],
  ['four slashes', '////evil.example'],
  ['absolute https', 'https://evil.example/'],
  ['absolute http, upper case', 'HTTP://evil.example'],
  ['scheme without slashes', 'https:evil.example'],
  ['scheme with one slash', 'http:/evil.example'],
  ['javascript:', 'javascript:alert(document.cookie)'],
  ['javascript: mixed case', 'JaVaScRiPt:alert(1)'],
  ['data:', 'data:text/html,<script>alert(1)</script>'],
  ['tab after the slash (the reported case)', '/%09/evil.example'],
  ['tab between the slashes', '/%09/%09evil.example'],
  ['line feed', '/%0A/evil.example'],
  ['carriage return', '/%0D/evil.example'],
  ['tab before the slashes', '%09//evil.example'],
  ['backslash', '/%5Cevil.example'],
  ['raw backslash', '/\\evil.example'],
  ['backslash then slash', '/%5C/evil.example'],
  ['two backslashes', '%5C%5Cevil.example'],
  ['slash and two backslashes', '/%5C%5Cevil.example'],
  ['double-encoded slashes', '/%252F%252Fevil.example'],
  ['double-encoded backslash', '/%255Cevil.example'],
  ['double-encoded tab', '/%2509/evil.example'],
  ['dot segment to two slashes', '/.//evil.example'],
  ['dot-dot segment to two slashes', '/..//evil.example'],
  ['encoded dot segment', '/%2E%2E//evil.example'],
  ['userinfo, scheme-relative', '//reelsmith.example@evil.example'],
  ['userinfo, absolute', 'https://reelsmith.example@evil.example/'],
  ['userinfo with backslash', '/%5C@evil.example'],
  ['leading space', '%20//evil.example'],
  ['fullwidth solidus', '%EF%BC%8F%EF%BC%8Fevil.example'],
  ['empty', ''],
  ['not a path', 'projects'],
  ['malformed percent-encoding', '/%E0%A4%A'],
];

/** Paths of our own site, kept as given (rebuilt from pathname, search and hash). */
const ownPaths: [string, string][] = [
  ['/project/new', '/project/new'],
  ['/projects%3Ftab%3Dmine%23top', '/projects?tab=mine#top'],
  ['/s/abc123', '/s/abc123'],
  ['/payment-result%3Fstatus%3Dsuccess%26planId%3Dpro', '/payment-result?status=success&planId=pro'],
  // An @ inside a path of ours stays on our site (https://reelsmith.example/@evil.example).
  ['/@evil.example', '/@evil.example'],
  ['/evil.example', '/evil.example'],
];

describe('safeReturnPath', () => {
  it.each(bypasses)('%s (%s) falls back to /', (_name, raw) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      decoded = raw;
    }
    expect(safeReturnPath(decoded, publicOrigin)).toBe('/');
  });

  it.each([
    ['NUL', '/\u0000/evil.example'],
    ['DEL', '/\u007f/evil.example'],
    ['vertical tab', '/\u000b/evil.example'],
    ['non-string-like null', null],
    ['undefined', undefined],
  ])('%s falls back to /', (_name, value) => {
    expect(safeReturnPath(value, publicOrigin)).toBe('/');
  });

  it.each(ownPaths)('keeps %s', (raw, expected) => {
    expect(safeReturnPath(decodeURIComponent(raw), publicOrigin)).toBe(expected);
  });
});

describe.each(testDatabaseKinds())('the return path through sign-in on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { PUBLIC_URL: publicOrigin, RATE_LIMIT_MAX: '100000' }, undefined, { work: false });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.reset();
  });

  let signIns = 0;
  const nextAddress = () => `198.18.${Math.floor(signIns / 250) % 250}.${(signIns++ % 250) + 1}`;
  /** Follows a sign-in link carrying `returnTo` as given, then signs in through the form; answers where it lands. */
  async function landingAfterSignIn(rawReturnTo: string, via: '/auth/google' | '/api/login'): Promise<string> {
    let url = `${via}?returnTo=${rawReturnTo}`;
    if (via === '/api/login') {
      const login = await t.app.inject({ method: 'GET', url });
      expect(login.statusCode).toBe(302);
      url = login.headers.location as string;
    }
    const start = await t.app.inject({ method: 'GET', url });
    expect(start.statusCode, start.body).toBe(302);
    const remembered = start.cookies.find((c) => c.name === 'rs_return_to');
    const done = await t.app.inject({
      method: 'POST',
      url: '/auth/dev',
      remoteAddress: nextAddress(), // the sign-in form allows 30 a minute per address
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `rs_return_to=${encodeURIComponent(remembered?.value ?? '')}` },
      payload: `email=traveller${signIns}%40example.com&name=Tess`,
    });
    expect(done.statusCode).toBe(303);
    const location = done.headers.location as string;
    // Where the browser would actually go, read as it reads a Location header.
    expect(new URL(location, publicOrigin).origin).toBe(publicOrigin);
    return location;
  }

  it.each(bypasses)('%s (%s) lands on /', async (_name, raw) => {
    expect(await landingAfterSignIn(raw, '/auth/google')).toBe('/');
    expect(await landingAfterSignIn(raw, '/api/login')).toBe('/');
  });

  it.each(ownPaths)('comes back to %s', async (raw, expected) => {
    expect(await landingAfterSignIn(raw, '/auth/google')).toBe(expected);
  });

  it('does not trust a return cookie planted by another subdomain either', async () => {
    for (const [, raw] of bypasses) {
      let value: string;
      try {
        value = decodeURIComponent(raw);
      } catch {
        value = raw;
      }
      const done = await t.app.inject({
        method: 'POST',
        url: '/auth/dev',
        remoteAddress: nextAddress(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `rs_return_to=${encodeURIComponent(value)}` },
        payload: `email=planted%40example.com&name=Pat`,
      });
      expect.soft(done.headers.location, raw).toBe('/');
    }
  });

  it('refuses a control character other than tab and line breaks before the check is reached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/google?returnTo=/%00/evil.example' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(controlCharacterMessage);
  });
});
