import type { FastifyInstance } from 'fastify';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { appRouter, type AppRouter } from '@reelsmith/api';
import type { AppDeps } from '@reelsmith/core';
import { contextFromRequest } from '../request-context.ts';
import { throwRefusal } from './request-refusal.ts';

export async function registerTrpc(app: FastifyInstance, core: AppDeps): Promise<void> {
  const trpcOptions: FastifyTRPCPluginOptions<AppRouter>['trpcOptions'] = {
    router: appRouter,
    createContext: ({ req }) => {
      throwRefusal(req); // cross-site or hostile input, found by the guard hooks (app.ts)
      return contextFromRequest(core, req);
    },
    onError: ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'tRPC procedure failed');
    },
  };
  await app.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions });
}
