import type { FastifyReply } from 'fastify';
import { CUSTOMER_SESSION_COOKIE } from '@reelsmith/shared';
import type { Config } from '../config.ts';

export const RETURN_TO_COOKIE = 'rs_return_to';

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date): void {
  reply.setCookie(CUSTOMER_SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isProduction,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(CUSTOMER_SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.isProduction });
}
