import { router } from '../../trpc.ts';

export const sharingRouter = router({});
