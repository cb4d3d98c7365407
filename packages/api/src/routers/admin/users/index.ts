import { router } from '../../../trpc.ts';
import { list } from './list-users.ts';
import { setStatus } from './set-status.ts';
import { projects } from './user-projects.ts';

export const adminUsersRouter = router({ list, setStatus, projects });
