import type { FastifyInstance } from 'fastify';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { appRouter, type AppRouter } from '@reelsmith/api';
import type { BillingDeps } from '@reelsmith/core';
import { contextFromRequest } from '../request-context.ts';

export async function registerTrpc(app: FastifyInstance, core: BillingDeps): Promise<void> {
  const trpcOptions: FastifyTRPCPluginOptions<AppRouter>['trpcOptions'] = {
    router: appRouter,
    createContext: ({ req }) => contextFromRequest(core, req),
    onError: ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'tRPC procedure failed');
    },
  };
  await app.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions });
}
