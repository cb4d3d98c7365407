import { router } from '../../trpc.ts';

export const projectsRouter = router({});
