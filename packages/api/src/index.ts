export { appRouter, type AppRouter } from './root.ts';
export { createApiContext, type ApiContext, type ContextInput } from './context.ts';
export { createCallerFactory, type ApiMeta, type RestMeta } from './trpc.ts';
