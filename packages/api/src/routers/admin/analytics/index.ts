import { router } from '../../../trpc.ts';
import { projectFunnel } from './project-funnel.ts';
import { signupFunnel } from './signup-funnel.ts';

export const adminAnalyticsRouter = router({ projectFunnel, signupFunnel });
