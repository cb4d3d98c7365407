import {
  countActiveApiKeys,
  findApiKeyByHash,
  insertApiKey,
  listActiveApiKeys,
  lockUserForApiKeys,
  markApiKeyRevoked,
  touchApiKey,
  type ApiKeyRow,
} from '@reelsmith/db';
import { apiKeyMessages, apiKeyNameSchema, AppError, isUuid, maxActiveApiKeys, type ApiKey, type CreatedApiKey, type OptionalPageQuery, type Paged } from '@reelsmith/shared';
import type { CoreDeps } from '../deps.ts';
import type { SessionLookup } from '../auth/customer-sessions.ts';
import { hashToken } from '../auth/tokens.ts';
import { newApiKey, shouldRecordUse, shownPrefix } from './api-key-secret.ts';
import { listOrPage } from '../list-or-page.ts';

function toApiKey(row: ApiKeyRow): ApiKey {
  return { id: row.id, name: row.name, prefix: row.prefix, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}

/** The name as stored, or a 400 that says what to fix (the service checks it whichever transport called). */
function validName(name: string): string {
  const parsed = apiKeyNameSchema.safeParse(name);
  if (parsed.success) return parsed.data;
  throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? apiKeyMessages.nameRequired, { reason: 'invalid_input' });
}

/**
 * Creates a key for the customer and answers its secret, the only time it is ever shown. The
 * customer's row is locked while the active keys are counted, so parallel creates stop at the limit.
 */
export async function createApiKey(deps: CoreDeps, userId: string, name: string): Promise<CreatedApiKey> {
  const keyName = validName(name);
  const key = newApiKey();
  const created = await deps.db.transaction().execute(async (trx) => {
    if (!(await lockUserForApiKeys(trx, userId))) throw new AppError('NOT_FOUND', 'Customer not found.');
    if ((await countActiveApiKeys(trx, userId)) >= maxActiveApiKeys) {
      throw new AppError('CONFLICT', apiKeyMessages.limit, { reason: 'api_key_limit' });
    }
    return insertApiKey(trx, { userId, name: keyName, prefix: shownPrefix(key), keyHash: hashToken(key), createdAt: deps.clock.now() });
  });
  deps.logger.info({ userId, apiKeyId: created.id }, 'API key created');
  return { ...toApiKey(created), key };
}

/** The customer's keys that still work, newest first; no secrets, no hashes. */
export async function listApiKeys(deps: CoreDeps, userId: string): Promise<ApiKey[]> {
  return (await listActiveApiKeys(deps.db, userId)).map(toApiKey);
}

/** GET /api/auth/api-keys: the plain list, or one page of it in the same order when the query asks for paging. */
export function listApiKeysOrPage(deps: CoreDeps, userId: string, query: OptionalPageQuery): Promise<ApiKey[] | Paged<ApiKey>> {
  return listOrPage(query, {
    all: () => listApiKeys(deps, userId),
    window: async (window) => (await listActiveApiKeys(deps.db, userId, window)).map(toApiKey),
    count: () => countActiveApiKeys(deps.db, userId),
  });
}

/** Revokes one of the customer's own keys; revoking it again is fine, anyone else's or an unknown id is not found. */
export async function revokeApiKey(deps: CoreDeps, userId: string, id: string): Promise<void> {
  const revoked = isUuid(id) && (await markApiKeyRevoked(deps.db, userId, id, deps.clock.now()));
  if (!revoked) throw new AppError('NOT_FOUND', apiKeyMessages.notFound);
  deps.logger.info({ userId, apiKeyId: id }, 'API key revoked');
}

/**
 * Resolves a presented key to its customer exactly as a session cookie would be: an active customer,
 * or why not. A suspended customer's keys answer with the suspension for as long as it lasts.
 */
export async function resolveApiKey(deps: CoreDeps, key: string | undefined): Promise<SessionLookup> {
  if (!key) return { state: 'missing' };
  const found = await findApiKeyByHash(deps.db, hashToken(key));
  if (!found || found.key.revoked_at) return { state: 'invalid_api_key' };
  if (!found.user.is_active) return { state: 'suspended' };
  const now = deps.clock.now();
  if (shouldRecordUse(found.key.last_used_at, now)) await touchApiKey(deps.db, found.key.id, now);
  return { state: 'active', user: found.user, sessionId: null, apiKeyId: found.key.id };
}

/** Whether a presented key works (unrevoked, its customer active), without recording a use: the rate limiter asks. */
export async function isLiveApiKey(deps: CoreDeps, key: string): Promise<boolean> {
  const found = await findApiKeyByHash(deps.db, hashToken(key));
  return found !== undefined && found.key.revoked_at === null && found.user.is_active;
}
