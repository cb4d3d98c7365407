import { router } from '../../../trpc.ts';
import { adjust } from './adjust.ts';
import { cancel } from './cancel.ts';
import { forUser } from './for-user.ts';
import { list } from './list.ts';
import { overview } from './overview.ts';
import { refund } from './refund.ts';

export const adminSubscriptionsRouter = router({ overview, list, forUser, refund, adjust, cancel });
