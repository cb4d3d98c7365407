import { router } from '../../trpc.ts';

export const adminRouter = router({});
