export { appRouter, type AppRouter } from './root.ts';
export { createApiContext, type ApiContext, type ContextInput } from './context.ts';
export { createCallerFactory } from './trpc.ts';
