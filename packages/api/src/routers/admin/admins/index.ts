import { router } from '../../../trpc.ts';
import { create } from './create.ts';
import { remove } from './delete.ts';
import { list } from './list.ts';

export const adminAdminsRouter = router({ list, create, delete: remove });
