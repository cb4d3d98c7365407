import { router } from '../../../trpc.ts';
import { list } from './list-projects.ts';
import { stats } from './project-stats.ts';

export const adminProjectsRouter = router({ stats, list });
