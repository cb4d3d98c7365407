import { router } from '../../trpc.ts';
import { apiKeysRouter } from './api-keys/index.ts';
import { getUser } from './get-user.ts';

export const authRouter = router({ user: getUser, apiKeys: apiKeysRouter });
