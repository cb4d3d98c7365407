import type { FastifyInstance } from 'fastify';
import oauth2, { type OAuth2Namespace } from '@fastify/oauth2';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import type { AppDeps } from '@reelsmith/core';
import { AppError } from '@reelsmith/shared';
import type { Config } from '../config.ts';
import { signInErrorPage } from './auth-pages.ts';
import { completeSignIn, rememberReturnTo } from './complete-sign-in.ts';

declare module 'fastify' {
  interface FastifyInstance {
    googleOAuth2: OAuth2Namespace;
  }
}

const discoverySchema = z.object({ issuer: z.string(), jwks_uri: z.url() });

const claimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string().email(),
  email_verified: z.union([z.boolean(), z.literal('true'), z.literal('false')]).optional(),
  given_name: z.string().max(100).optional(),
  family_name: z.string().max(100).optional(),
  name: z.string().max(200).optional(),
  picture: z.url().max(2048).optional(),
});

/** Verifies the id_token's signature, issuer, audience and expiry against the issuer's published keys. */
function idTokenVerifier(issuer: string, audience: string) {
  let keys: ReturnType<typeof createRemoteJWKSet> | undefined;
  let expectedIssuer = issuer;
  return async (idToken: string): Promise<JWTPayload> => {
    if (!keys) {
      const res = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
      if (!res.ok) throw new Error(`OpenID discovery answered ${res.status}`);
      const doc = discoverySchema.parse(await res.json());
      expectedIssuer = doc.issuer;
      keys = createRemoteJWKSet(new URL(doc.jwks_uri));
    }
    const { payload } = await jwtVerify(idToken, keys, { issuer: expectedIssuer, audience });
    return payload;
  };
}

/** Google sign-in: OpenID Connect authorization code flow with PKCE and state (@fastify/oauth2). */
export async function registerGoogleSignIn(app: FastifyInstance, deps: { config: Config; core: AppDeps }): Promise<void> {
  const google = deps.config.google;
  if (!google) throw new Error('Google sign-in is not configured');
  await app.register(oauth2, {
    name: 'googleOAuth2',
    scope: ['openid', 'email', 'profile'],
    credentials: { client: { id: google.clientId, secret: google.clientSecret } },
    discovery: { issuer: google.issuer },
    callbackUri: `${deps.config.publicUrl}/auth/google/callback`,
    pkce: 'S256',
    cookie: { secure: deps.config.isProduction, sameSite: 'lax', httpOnly: true, path: '/' },
  });
  const verify = idTokenVerifier(google.issuer, google.clientId);

  app.get('/auth/google', async (req, reply) => {
    rememberReturnTo(req, reply, deps.config);
    const uri = await app.googleOAuth2.generateAuthorizationUri(req, reply);
    return reply.redirect(uri, 302);
  });

  app.get('/auth/google/callback', async (req, reply) => {
    const query = req.query as { error?: string };
    const fail = (status: number, message: string) =>
      reply.status(status).type('text/html').header('cache-control', 'no-store').send(signInErrorPage(message));
    if (query.error) return fail(400, 'Sign-in was cancelled or refused by Google.');
    let claims: z.infer<typeof claimsSchema>;
    try {
      const { token } = await app.googleOAuth2.getAccessTokenFromAuthorizationCodeFlow(req, reply);
      if (!token.id_token) throw new Error('no id_token in the token response');
      claims = claimsSchema.parse(await verify(token.id_token));
    } catch (err) {
      req.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'Google sign-in callback refused');
      return fail(400, 'We could not verify your Google sign-in. Please try again.');
    }
    if (claims.email_verified === false || claims.email_verified === 'false') {
      return fail(403, 'Your Google e-mail address is not verified.');
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
