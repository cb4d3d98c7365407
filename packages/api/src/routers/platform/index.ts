import { router } from '../../trpc.ts';
import { status } from './status.ts';

export const platformRouter = router({ status });
