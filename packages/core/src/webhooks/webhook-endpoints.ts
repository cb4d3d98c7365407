import {
  countActiveWebhookEndpoints,
  countWebhookDeliveries,
  findWebhookTarget,
  insertWebhookEndpoint,
  listActiveWebhookEndpoints,
  listWebhookDeliveries,
  lockUserForWebhookEndpoints,
  markWebhookEndpointDeleted,
  type WebhookEndpointRow,
} from '@reelsmith/db';
import { checkTarget, OutboundRefusedError } from '@reelsmith/media';
import { AppError, createWebhookEndpointInputSchema, isUuid, maxWebhookEndpoints, webhookLogLength, webhookMessages, type CreatedWebhookEndpoint, type OptionalPageQuery, type Paged, type WebhookDelivery, type WebhookEndpoint } from '@reelsmith/shared';
import type { CoreDeps } from '../deps.ts';
import { newWebhookSecret } from './webhook-signature.ts';
import { webhookOutboundPolicy, webhookSchemeAllowed, type WebhookSettings } from './webhook-settings.ts';
import { queueEventDeliveries, recordWebhookEvent } from './webhook-events.ts';
import { listOrPage, type RowWindow } from '../list-or-page.ts';


function toEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return { id: row.id, url: row.url, description: row.description, createdAt: row.created_at };
}

function settingsOf(deps: Pick<CoreDeps, 'webhooks'>): WebhookSettings {
  if (!deps.webhooks) throw new AppError('SERVICE_UNAVAILABLE', 'Webhooks are not available right now.');
  return deps.webhooks;
}

const refused = (message: string) => new AppError('BAD_REQUEST', message, { reason: 'webhook_url_refused' });

/**
 * A callback URL the customer may register: https (http only to loopback outside production) and
 * every address its name resolves to public, as the outbound guard judges it. Checked again at each
 * delivery, since the name may resolve elsewhere later.
 */
export async function checkCallbackUrl(settings: WebhookSettings, text: string): Promise<URL> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AppError('BAD_REQUEST', webhookMessages.urlInvalid, { reason: 'invalid_input' });
  }
  if (!webhookSchemeAllowed(url, settings)) throw new AppError('BAD_REQUEST', webhookMessages.urlHttps, { reason: 'invalid_input' });
  try {
    await checkTarget(url, webhookOutboundPolicy(settings), settings.resolve);
  } catch (err) {
    if (err instanceof OutboundRefusedError) throw refused(err.reason === 'unresolved' ? webhookMessages.urlUnresolved : webhookMessages.urlRefused);
    throw refused(webhookMessages.urlUnresolved);
  }
  return url;
}

/**
 * Registers an endpoint and answers its signing secret, the only time it is shown. The customer's
 * row is locked while the endpoints are counted, so parallel creates stop at the limit.
 */
export async function createWebhookEndpoint(deps: CoreDeps, userId: string, input: unknown): Promise<CreatedWebhookEndpoint> {
  const parsed = createWebhookEndpointInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? webhookMessages.urlInvalid, { reason: 'invalid_input' });
  const url = await checkCallbackUrl(settingsOf(deps), parsed.data.url);
  const secret = newWebhookSecret();
  const created = await deps.db.transaction().execute(async (trx) => {
    if (!(await lockUserForWebhookEndpoints(trx, userId))) throw new AppError('NOT_FOUND', 'Customer not found.');
    if ((await countActiveWebhookEndpoints(trx, userId)) >= maxWebhookEndpoints) {
      throw new AppError('CONFLICT', webhookMessages.limit, { reason: 'webhook_limit' });
    }
    return insertWebhookEndpoint(trx, { userId, url: url.href, description: parsed.data.description, secret, createdAt: deps.clock.now() });
  });
  deps.logger.info({ userId, webhookEndpointId: created.id }, 'webhook endpoint created');
  return { ...toEndpoint(created), secret };
}

/** The customer's endpoints, newest first; never their secrets. */
export async function listWebhookEndpoints(deps: CoreDeps, userId: string): Promise<WebhookEndpoint[]> {
  return (await listActiveWebhookEndpoints(deps.db, userId)).map(toEndpoint);
}

/** GET /api/webhooks: the plain list, or one page of it in the same order when the query asks for paging. */
export function listWebhookEndpointsOrPage(deps: CoreDeps, userId: string, query: OptionalPageQuery): Promise<WebhookEndpoint[] | Paged<WebhookEndpoint>> {
  return listOrPage(query, {
    all: () => listWebhookEndpoints(deps, userId),
    window: async (window) => (await listActiveWebhookEndpoints(deps.db, userId, window)).map(toEndpoint),
    count: () => countActiveWebhookEndpoints(deps.db, userId),
  });
}

/** Deletes one of the customer's endpoints: nothing more is sent to it, its queued retries included. */
export async function deleteWebhookEndpoint(deps: CoreDeps, userId: string, id: string): Promise<void> {
  const deleted = isUuid(id) && (await markWebhookEndpointDeleted(deps.db, userId, id, deps.clock.now()));
  if (!deleted) throw new AppError('NOT_FOUND', webhookMessages.notFound);
  deps.logger.info({ userId, webhookEndpointId: id }, 'webhook endpoint deleted');
}

/** Queues a `webhook.test` event to one of the customer's endpoints; its attempts appear in the log. */
export async function sendTestWebhook(deps: CoreDeps, userId: string, id: string): Promise<{ eventId: string }> {
  const settings = settingsOf(deps);
  const target = isUuid(id) ? await findWebhookTarget(deps.db, userId, id) : undefined;
  if (!target) throw new AppError('NOT_FOUND', webhookMessages.notFound);
  const eventId = await recordWebhookEvent(deps, {
    userId,
    jobId: null,
    type: 'webhook.test',
    data: { endpointId: target.id, message: 'This is a test event from Reelsmith.' },
  });
  // To this endpoint only; marked queued, so the outbox sweep never sends it to the others.
  await queueEventDeliveries(deps, settings, eventId!, [target]);
  return { eventId: eventId! };
}

/**
 * GET /api/webhooks/deliveries: the latest attempts, or, when the query asks for paging, one page of
 * every attempt in the same order.
 */
export function listWebhookDeliveryLogOrPage(deps: CoreDeps, userId: string, query: OptionalPageQuery): Promise<WebhookDelivery[] | Paged<WebhookDelivery>> {
  return listOrPage(query, {
    all: () => listWebhookDeliveryLog(deps, userId),
    window: (window) => listWebhookDeliveryLog(deps, userId, window),
    count: () => countWebhookDeliveries(deps.db, userId),
  });
}

/** The customer's latest delivery attempts, newest first (the latest webhookLogLength unless a window is given). */
export async function listWebhookDeliveryLog(deps: CoreDeps, userId: string, window: RowWindow = { limit: webhookLogLength, offset: 0 }): Promise<WebhookDelivery[]> {
  const rows = await listWebhookDeliveries(deps.db, userId, window);
  return rows.map((row) => ({
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    endpointId: row.endpoint_id,
    endpointUrl: row.endpoint_url,
    attempt: row.attempt,
    statusCode: row.status_code,
    error: row.error,
    durationMs: row.duration_ms,
    nextRetryAt: row.next_retry_at,
    createdAt: row.created_at,
  }));
}
