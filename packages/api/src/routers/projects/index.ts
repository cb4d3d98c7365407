import { router } from '../../trpc.ts';
import { createProcedure } from './create.ts';
import { deleteProcedure } from './delete.ts';
import { getProcedure } from './get.ts';
import { listProcedure } from './list.ts';
import { listPagedProcedure } from './list-paged.ts';
import { patchProcedure } from './patch.ts';
import { updateProcedure } from './update.ts';

/** The customer's projects, one procedure per file. */
export const projectsRouter = router({
  list: listProcedure,
  listPaged: listPagedProcedure,
  get: getProcedure,
  create: createProcedure,
  update: updateProcedure,
  patch: patchProcedure,
  delete: deleteProcedure,
});
