import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import { cancelLocalCheckout, getLocalCheckout, payLocalCheckout, resolveCustomerSession, type AppDeps } from '@reelsmith/core';
import { AppError, CUSTOMER_SESSION_COOKIE } from '@reelsmith/shared';
import { localCheckoutPage } from './local-checkout-page.ts';

/**
 * The development stand-in for Stripe Checkout; registered only when Stripe is not configured. Its pay
 * and cancel buttons are plain HTML forms, so form bodies are parsed here (and on no API route).
 */
export async function registerLocalCheckout(root: FastifyInstance, core: AppDeps): Promise<void> {
  await root.register(async (app) => {
    await app.register(formbody);
    localCheckoutRoutes(app, core);
  });
}

function localCheckoutRoutes(app: FastifyInstance, core: AppDeps): void {
  async function signedInUser(req: FastifyRequest, reply: FastifyReply): Promise<string | null> {
    const session = await resolveCustomerSession(core, req.cookies[CUSTOMER_SESSION_COOKIE]);
    if (session.state === 'active') return session.user.id;
    await reply.redirect(`/api/login?returnTo=${encodeURIComponent(req.url)}`, 302);
    return null;
  }
  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.status(status).type('text/html').header('cache-control', 'no-store').send(body);

  app.get<{ Params: { id: string } }>('/billing/local-checkout/:id', async (req, reply) => {
    if (!(await signedInUser(req, reply))) return reply;
    return html(reply, localCheckoutPage(await getLocalCheckout(core, req.params.id)));
  });

  app.post<{ Params: { id: string } }>('/billing/local-checkout/:id/pay', async (req, reply) => {
    const userId = await signedInUser(req, reply);
    if (!userId) return reply;
    try {
      const view = await payLocalCheckout(core, req.params.id, userId);
      return reply.redirect(`/payment-result?status=success&session_id=${encodeURIComponent(view.id)}&planId=${view.planId}`, 303);
    } catch (err) {
      if (err instanceof AppError && err.code === 'CONFLICT') {
        return html(reply, localCheckoutPage(await getLocalCheckout(core, req.params.id), err.message), 409);
      }
      throw err;
    }
  });

  app.post<{ Params: { id: string } }>('/billing/local-checkout/:id/cancel', async (req, reply) => {
    const userId = await signedInUser(req, reply);
    if (!userId) return reply;
    const view = await cancelLocalCheckout(core, req.params.id, userId);
    return reply.redirect(`/payment-result?status=cancelled&session_id=${encodeURIComponent(view.id)}&planId=${view.planId}`, 303);
  });
}
