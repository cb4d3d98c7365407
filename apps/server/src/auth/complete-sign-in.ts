import type { FastifyReply, FastifyRequest } from 'fastify';
import { currentPlatformStatus, signInWithIdentity, type AppDeps } from '@reelsmith/core';
import type { IdentityInput } from '@reelsmith/db';
import type { Config } from '../config.ts';
import { sessionRequestMeta } from './request-meta.ts';
import { safeReturnPath } from './return-to.ts';
import { RETURN_TO_COOKIE, setSessionCookie } from './session-cookie.ts';

/** Opens the customer session for a vouched identity and sets its cookie; returns where to go next. */
export async function completeSignIn(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: { config: Config; core: AppDeps },
  identity: IdentityInput,
): Promise<{ returnTo: string; userId: string; isNewUser: boolean }> {
  // New customers need both the deployment's REGISTRATION_ENABLED and the back-office switch.
  const { registrationEnabled } = await currentPlatformStatus(deps.core);
  const signed = await signInWithIdentity(deps.core, identity, await sessionRequestMeta(req, deps.config), {
    sessionTtlSeconds: deps.config.sessionTtlSeconds,
    registrationEnabled: deps.config.registrationEnabled && registrationEnabled,
  });
  setSessionCookie(reply, deps.config, signed.token, signed.expiresAt);
  const returnTo = safeReturnPath(req.cookies[RETURN_TO_COOKIE], deps.config.publicUrl);
  reply.clearCookie(RETURN_TO_COOKIE, { path: '/' });
  return { returnTo, userId: signed.user.id, isNewUser: signed.isNewUser };
}

/** Remembers a same-site path to come back to after the provider round trip. */
export function rememberReturnTo(req: FastifyRequest, reply: FastifyReply, config: Config): void {
  const query = req.query as { returnTo?: string } | undefined;
  const returnTo = safeReturnPath(query?.returnTo, config.publicUrl);
  reply.setCookie(RETURN_TO_COOKIE, returnTo, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isProduction,
    maxAge: 600,
  });
}
