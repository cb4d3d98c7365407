import type { Selectable, Transaction } from 'kysely';
import type { Database, WebhookEndpointsTable } from '../schema.ts';
import type { Executor } from './users.ts';

/** An endpoint as its owner sees it: never its secret. */
export type WebhookEndpointRow = Pick<Selectable<WebhookEndpointsTable>, 'id' | 'url' | 'description' | 'created_at'>;

/** What a delivery needs: the owner, where to send and the secret to sign with. */
export type WebhookTargetRow = Pick<Selectable<WebhookEndpointsTable>, 'id' | 'user_id' | 'url' | 'secret'>;

const listedColumns = ['id', 'url', 'description', 'created_at'] as const;

export interface NewWebhookEndpoint {
  userId: string;
  url: string;
  description: string;
  secret: string;
  createdAt: Date;
}

/**
 * Serialises endpoint creation of one customer until the caller's transaction ends (the customer's
 * row, FOR UPDATE), so the endpoint limit counted after it holds under parallel creates.
 */
export async function lockUserForWebhookEndpoints(trx: Transaction<Database>, userId: string): Promise<boolean> {
  const row = await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  return row !== undefined;
}

export async function countActiveWebhookEndpoints(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<string>().as('endpoints'))
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.endpoints);
}

export function insertWebhookEndpoint(db: Executor, endpoint: NewWebhookEndpoint): Promise<WebhookEndpointRow> {
  return db
    .insertInto('webhook_endpoints')
    .values({ user_id: endpoint.userId, url: endpoint.url, description: endpoint.description, secret: endpoint.secret, created_at: endpoint.createdAt })
    .returning(listedColumns)
    .executeTakeFirstOrThrow();
}

/** A customer's endpoints that are not deleted, newest first. */
export function listActiveWebhookEndpoints(db: Executor, userId: string, page?: { limit: number; offset: number }): Promise<WebhookEndpointRow[]> {
  let query = db
    .selectFrom('webhook_endpoints')
    .select(listedColumns)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id');
  if (page) query = query.limit(page.limit).offset(page.offset);
  return query.execute();
}

/** The customer's active endpoints with their secrets, for signing the events of their jobs. */
export function listWebhookTargets(db: Executor, userId: string): Promise<WebhookTargetRow[]> {
  return db
    .selectFrom('webhook_endpoints')
    .select(['id', 'user_id', 'url', 'secret'])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .execute();
}

/** One active endpoint of the customer (with its secret), or undefined (deleted, unknown or someone else's). */
export function findWebhookTarget(db: Executor, userId: string, id: string): Promise<WebhookTargetRow | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .select(['id', 'user_id', 'url', 'secret'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Marks one of the customer's endpoints deleted; false when the customer holds no active endpoint with that id. */
export async function markWebhookEndpointDeleted(db: Executor, userId: string, id: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ deleted_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
