import { router } from '../../../trpc.ts';
import { get } from './get.ts';

export const adminProvidersRouter = router({ get });
