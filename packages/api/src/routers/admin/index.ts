import { router } from '../../trpc.ts';
import { adminAuthRouter } from './auth/index.ts';

export const adminRouter = router({ auth: adminAuthRouter });
