import { router } from '../../trpc.ts';
import { getUser } from './get-user.ts';

export const authRouter = router({ user: getUser });
