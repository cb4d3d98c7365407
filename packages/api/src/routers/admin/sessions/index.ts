import { router } from '../../../trpc.ts';
import { list } from './list-sessions.ts';

export const adminSessionsRouter = router({ list });
