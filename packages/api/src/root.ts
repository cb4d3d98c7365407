import { adminRouter } from './routers/admin/index.ts';
import { authRouter } from './routers/auth/index.ts';
import { billingRouter } from './routers/billing/index.ts';
import { generationRouter } from './routers/generation/index.ts';
import { projectsRouter } from './routers/projects/index.ts';
import { sharingRouter } from './routers/sharing/index.ts';
import { platformRouter } from './routers/platform/index.ts';
import { webhooksRouter } from './routers/webhooks/index.ts';
import { router } from './trpc.ts';

export const appRouter = router({
  auth: authRouter,
  projects: projectsRouter,
  generation: generationRouter,
  billing: billingRouter,
  sharing: sharingRouter,
  admin: adminRouter,
  platform: platformRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;
