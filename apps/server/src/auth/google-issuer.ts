// What we know of the OpenID provider behind "Sign in with Google": its endpoints and its issuer forms.
import { z } from 'zod';

export const GOOGLE_ISSUER = 'https://accounts.google.com';

/**
 * Google's endpoints, as its discovery document publishes them
 * (https://accounts.google.com/.well-known/openid-configuration). Used as they are for Google's issuer,
 * so the server starts, and serves every page but sign-in, while Google is unreachable.
 */
export const googleEndpoints = {
  authorizeHost: 'https://accounts.google.com',
  authorizePath: '/o/oauth2/v2/auth',
  tokenHost: 'https://oauth2.googleapis.com',
  tokenPath: '/token',
  jwksUri: 'https://www.googleapis.com/oauth2/v3/certs',
} as const;

export function isGoogleIssuer(issuer: string): boolean {
  return issuer.replace(/\/$/, '') === GOOGLE_ISSUER;
}

/**
 * The `iss` values an ID token may carry. Google documents two: `https://accounts.google.com` and
 * `accounts.google.com`; the same holds for any issuer we are pointed at (with and without its scheme).
 */
export function acceptedIssuers(issuer: string): string[] {
  const bare = issuer.replace(/\/$/, '');
  return [...new Set([bare, bare.replace(/^https?:\/\//, '')])];
}

export const discoverySchema = z.object({ issuer: z.string(), jwks_uri: z.url() });

/** The ID-token claims we read (https://developers.google.com/identity/openid-connect/openid-connect#an-id-tokens-payload). */
export const claimsSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().email(),
  email_verified: z.union([z.boolean(), z.literal('true'), z.literal('false')]).optional(),
  hd: z.string().max(255).optional(),
  given_name: z.string().max(100).optional(),
  family_name: z.string().max(100).optional(),
  name: z.string().max(200).optional(),
  picture: z.url().max(2048).optional(),
});
export type GoogleClaims = z.infer<typeof claimsSchema>;

/** True when a failed call never got an answer from the provider, or the provider said it was down. */
export function isProviderUnreachable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const boom = err as Error & { isBoom?: boolean; output?: { statusCode?: number }; data?: { isResponseError?: boolean } };
  if (boom.isBoom) {
    const status = boom.output?.statusCode ?? 500;
    return boom.data?.isResponseError ? status >= 500 : true;
  }
  const code = (err as Error & { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  return (
    err.name === 'TimeoutError' ||
    err.name === 'AbortError' ||
    ['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT'].includes(code ?? '') ||
    /discovery|fetch failed/i.test(err.message)
  );
}
