import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { signOut, type AppDeps } from '@reelsmith/core';
import { CUSTOMER_SESSION_COOKIE } from '@reelsmith/shared';
import type { Config } from '../config.ts';
import { registerDevSignIn } from './dev-sign-in.ts';
import { registerGoogleSignIn } from './google-sign-in.ts';
import { clearSessionCookie } from './session-cookie.ts';

/** Customer sign-in (Google, or the development page), sign-out and the login redirect. */
export async function registerAuth(app: FastifyInstance, deps: { config: Config; core: AppDeps }): Promise<void> {
  if (deps.config.google) await registerGoogleSignIn(app, deps);
  else {
    // The development sign-in page posts a plain HTML form: form bodies are parsed in its scope only.
    await app.register(async (scope) => {
      await scope.register(formbody);
      registerDevSignIn(scope, deps);
    });
  }

  app.get('/auth/logout', async (req, reply) => {
    await signOut(deps.core, req.cookies[CUSTOMER_SESSION_COOKIE]);
    clearSessionCookie(reply, deps.config);
    return reply.redirect('/', 302);
  });

  // Expired or missing sessions are sent here by the browser app.
  app.get('/api/login', (req, reply) => {
    const query = req.query as { returnTo?: string };
    const target = query.returnTo ? `/auth/google?returnTo=${encodeURIComponent(query.returnTo)}` : '/auth/google';
    return reply.redirect(target, 302);
  });
}
