import type { FastifyInstance, FastifyRequest } from 'fastify';
import oauth2, { type FastifyOAuth2Options, type OAuth2Namespace } from '@fastify/oauth2';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { AppDeps } from '@reelsmith/core';
import { AppError } from '@reelsmith/shared';
import type { Config } from '../config.ts';
import { signInErrorPage } from './auth-pages.ts';
import { completeSignIn, rememberReturnTo } from './complete-sign-in.ts';
import {
  acceptedIssuers,
  claimsSchema,
  discoverySchema,
  googleEndpoints,
  isGoogleIssuer,
  isProviderUnreachable,
  type GoogleClaims,
} from './google-issuer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    googleOAuth2: OAuth2Namespace;
  }
}

const stateCookie = 'oauth2-redirect-state';
export const googleUnreachableMessage = 'Google sign-in cannot be reached right now. Please try again in a minute.';
export const wrongDomainMessage = (domain: string) => `Sign in with your ${domain} Google Workspace account.`;

/**
 * Verifies the id_token's signature, issuer (either documented form), audience and expiry against the
 * issuer's published keys. The keys' address is found on first use (never at start) and kept once found.
 */
function idTokenVerifier(issuer: string, audience: string, timeoutMs: number) {
  let keys: ReturnType<typeof createRemoteJWKSet> | undefined;
  let issuers = acceptedIssuers(issuer);
  return async (idToken: string): Promise<JWTPayload> => {
    if (!keys) {
      let jwksUri: string = googleEndpoints.jwksUri;
      if (!isGoogleIssuer(issuer)) {
        const res = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(timeoutMs) });
        if (!res.ok) throw new Error(`OpenID discovery answered ${res.status}`);
        const doc = discoverySchema.parse(await res.json());
        issuers = [...new Set([...issuers, ...acceptedIssuers(doc.issuer)])];
        jwksUri = doc.jwks_uri;
      }
      keys = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: timeoutMs });
    }
    const { payload } = await jwtVerify(idToken, keys, { issuer: issuers, audience });
    return payload;
  };
}

/** The request's own origin as the browser sees it (behind a trusted proxy, from X-Forwarded-*). */
function requestOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/** Google sign-in: OpenID Connect authorization code flow with PKCE and state (@fastify/oauth2). */
export async function registerGoogleSignIn(app: FastifyInstance, deps: { config: Config; core: AppDeps }): Promise<void> {
  const google = deps.config.google;
  if (!google) throw new Error('Google sign-in is not configured');
  const publicOrigin = new URL(deps.config.publicUrl).origin;
  // Google's endpoints are fixed and published: no discovery at start, so an unreachable Google never
  // stops the server. Any other issuer (a test provider, a proxy) is discovered at start.
  const where: Pick<FastifyOAuth2Options, 'discovery' | 'credentials'> = isGoogleIssuer(google.issuer)
    ? {
        credentials: {
          client: { id: google.clientId, secret: google.clientSecret },
          auth: {
            authorizeHost: googleEndpoints.authorizeHost,
            authorizePath: googleEndpoints.authorizePath,
            tokenHost: googleEndpoints.tokenHost,
            tokenPath: googleEndpoints.tokenPath,
          },
          http: { timeout: google.timeoutMs },
        } as FastifyOAuth2Options['credentials'],
      }
    : {
        discovery: { issuer: google.issuer },
        credentials: {
          client: { id: google.clientId, secret: google.clientSecret },
          http: { timeout: google.timeoutMs },
        } as FastifyOAuth2Options['credentials'],
      };
  await app.register(oauth2, {
    name: 'googleOAuth2',
    scope: ['openid', 'email', 'profile'],
    ...where,
    // select_account: after signing out, the customer may pick another Google account instead of
    // being signed straight back into the last one. hd: Google shows only that Workspace's accounts.
    callbackUriParams: { prompt: 'select_account', ...(google.hostedDomain ? { hd: google.hostedDomain } : {}) },
    callbackUri: `${deps.config.publicUrl}/auth/google/callback`,
    pkce: 'S256',
    cookie: { secure: deps.config.isProduction, sameSite: 'lax', httpOnly: true, path: '/' },
  });
  const verify = idTokenVerifier(google.issuer, google.clientId, google.timeoutMs);

  app.get('/auth/google', async (req, reply) => {
    // The state cookie belongs to the host it is set on: a start on www.<host>, the apex or plain http
    // would come back to PUBLIC_URL without it. Start on the canonical address instead.
    if (requestOrigin(req) !== publicOrigin) {
      const search = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
      return reply.redirect(`${publicOrigin}/auth/google${search}`, 302);
    }
    rememberReturnTo(req, reply, deps.config);
    try {
      const uri = await app.googleOAuth2.generateAuthorizationUri(req, reply);
      return reply.redirect(uri, 302);
    } catch (err) {
      req.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'Google sign-in could not start');
      return reply.status(503).type('text/html').header('cache-control', 'no-store').send(signInErrorPage(googleUnreachableMessage));
    }
  });

  app.get('/auth/google/callback', async (req, reply) => {
    const query = req.query as { error?: string };
    const fail = (status: number, message: string) =>
      reply.status(status).type('text/html').header('cache-control', 'no-store').send(signInErrorPage(message));
    if (query.error) return fail(400, 'Sign-in was cancelled or refused by Google.');
    if (!req.cookies[stateCookie]) {
      return fail(
        400,
        `Your sign-in started on a different address or your browser blocked cookies; start again from ${deps.config.publicUrl}.`,
      );
    }
    let claims: GoogleClaims;
    try {
      const { token } = await app.googleOAuth2.getAccessTokenFromAuthorizationCodeFlow(req, reply);
      if (!token.id_token) throw new Error('no id_token in the token response');
      claims = claimsSchema.parse(await verify(token.id_token));
    } catch (err) {
      req.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'Google sign-in callback refused');
      if (isProviderUnreachable(err)) return fail(503, googleUnreachableMessage);
      return fail(400, 'We could not verify your Google sign-in. Please try again.');
    }
    if (claims.email_verified === false || claims.email_verified === 'false') {
      return fail(403, 'Your Google e-mail address is not verified.');
    }
    // `hd` in the request only filters Google's account chooser; the token's claim is the proof.
    if (google.hostedDomain && claims.hd?.toLowerCase() !== google.hostedDomain) {
      req.log.warn({ hd: claims.hd ?? null }, 'Google sign-in refused: outside the required Workspace domain');
      return fail(403, wrongDomainMessage(google.hostedDomain));
    }
    try {
      const done = await completeSignIn(req, reply, deps, {
        googleSub: claims.sub,
        email: claims.email,
        firstName: claims.given_name ?? claims.name ?? null,
        lastName: claims.family_name ?? null,
        profileImageUrl: claims.picture ?? null,
      });
      return reply.redirect(done.returnTo, 302);
    } catch (err) {
      if (err instanceof AppError) return fail(err.status, err.message);
      throw err;
    }
  });
}
