import { router } from '../../trpc.ts';

export const generationRouter = router({});
