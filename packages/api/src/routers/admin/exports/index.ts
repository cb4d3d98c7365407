import { router } from '../../../trpc.ts';
import { activity } from './activity.ts';
import { projects } from './projects.ts';
import { subscriptions } from './subscriptions.ts';
import { users } from './users.ts';

/** CSV exports of the back-office lists (admin role; each export is audited). */
export const adminExportsRouter = router({ users, subscriptions, projects, activity });
