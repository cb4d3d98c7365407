import { router } from '../../../trpc.ts';
import { get } from './get.ts';
import { save } from './save.ts';

export const adminSettingsRouter = router({ get, save });
