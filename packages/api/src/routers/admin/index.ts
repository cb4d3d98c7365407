import { router } from '../../trpc.ts';
import { adminAuthRouter } from './auth/index.ts';
import { adminStatsRouter } from './stats/index.ts';
import { adminAnalyticsRouter } from './analytics/index.ts';
import { adminUsersRouter } from './users/index.ts';
import { adminSessionsRouter } from './sessions/index.ts';
import { adminProjectsRouter } from './projects/index.ts';
import { adminAuditLogsRouter } from './audit-logs/index.ts';
import { adminSubscriptionsRouter } from './subscriptions/index.ts';
import { adminSettingsRouter } from './settings/index.ts';
import { adminAdminsRouter } from './admins/index.ts';
import { adminEmailRouter } from './email/index.ts';
import { adminProvidersRouter } from './providers/index.ts';
import { adminExportsRouter } from './exports/index.ts';

export const adminRouter = router({
  auth: adminAuthRouter,
  stats: adminStatsRouter,
  analytics: adminAnalyticsRouter,
  users: adminUsersRouter,
  sessions: adminSessionsRouter,
  projects: adminProjectsRouter,
  auditLogs: adminAuditLogsRouter,
  subscriptions: adminSubscriptionsRouter,
  settings: adminSettingsRouter,
  admins: adminAdminsRouter,
  email: adminEmailRouter,
  providers: adminProvidersRouter,
  exports: adminExportsRouter,
});
