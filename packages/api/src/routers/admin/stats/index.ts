import { router } from '../../../trpc.ts';
import { get } from './get-stats.ts';

export const adminStatsRouter = router({ get });
