import { router } from '../../../trpc.ts';
import { get } from './get-stats.ts';
import { series } from './series.ts';

export const adminStatsRouter = router({ get, series });
