import { router } from '../../../trpc.ts';
import { createApiKeyProcedure } from './create.ts';
import { listApiKeysProcedure } from './list.ts';
import { listApiKeysPagedProcedure } from './list-paged.ts';
import { revokeApiKeyProcedure } from './revoke.ts';

/** Profile → API keys: the customer's keys for integrations. */
export const apiKeysRouter = router({
  list: listApiKeysProcedure,
  listPaged: listApiKeysPagedProcedure,
  create: createApiKeyProcedure,
  revoke: revokeApiKeyProcedure,
});
