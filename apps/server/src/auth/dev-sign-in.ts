import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '@reelsmith/core';
import { AppError, devSignInSchema, splitName } from '@reelsmith/shared';
import type { Config } from '../config.ts';
import { devSignInPage } from './auth-pages.ts';
import { completeSignIn, rememberReturnTo } from './complete-sign-in.ts';

/**
 * The local sign-in used when no Google client is configured: any e-mail signs in. Never registered
 * in production (the config refuses to start there without Google).
 */
export function registerDevSignIn(app: FastifyInstance, deps: { config: Config; core: AppDeps }): void {
  if (deps.config.isProduction) throw new Error('development sign-in must never run in production');

  app.get('/auth/google', (req, reply) => {
    rememberReturnTo(req, reply, deps.config);
    return reply.redirect('/auth/dev', 302);
  });

  app.get('/auth/dev', (_req, reply) => reply.type('text/html').header('cache-control', 'no-store').send(devSignInPage({})));

  app.post('/auth/dev', { config: { rateLimit: { max: deps.config.devSignInRateLimitMax, timeWindow: '1 minute' } } }, async (req, reply) => {
    const isForm = req.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false;
    const parsed = devSignInSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Enter a valid e-mail address.';
      if (isForm) {
        const body = (req.body ?? {}) as Record<string, string>;
        return reply.status(400).type('text/html').send(devSignInPage({ error: message, email: body.email, name: body.name }));
      }
      throw new AppError('BAD_REQUEST', message);
    }
    const { firstName, lastName } = splitName(parsed.data.name || parsed.data.email.split('@')[0] || '');
    try {
      const done = await completeSignIn(req, reply, deps, {
        googleSub: null,
        email: parsed.data.email,
        firstName,
        lastName,
        profileImageUrl: null,
      });
      if (isForm) return reply.redirect(done.returnTo, 303);
      return { ok: true, userId: done.userId, isNewUser: done.isNewUser };
    } catch (err) {
      if (isForm && err instanceof AppError) {
        return reply.status(err.status).type('text/html').send(devSignInPage({ error: err.message, email: parsed.data.email }));
      }
      throw err;
    }
  });
}
