import { z } from 'zod';

// Completion webhooks for integrators (issue 18): the browser and the server read the same rules.

/** At most this many endpoints that are not deleted, per customer. */
export const maxWebhookEndpoints = 5;
export const webhookDescriptionMaxLength = 200;
export const webhookUrlMaxLength = 2000;
/** The delivery log shows this many latest attempts. */
export const webhookLogLength = 50;

/** The event types a customer's endpoints receive (`webhook.test` only from "Send test event"). */
export const webhookEventTypes = ['generation.succeeded', 'generation.failed', 'webhook.test'] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const webhookMessages = {
  urlRequired: 'Enter the URL to send events to.',
  urlTooLong: `The URL can be at most ${webhookUrlMaxLength} characters.`,
  urlInvalid: 'Enter a full URL, such as https://example.com/webhooks/reelsmith.',
  urlHttps: 'The URL must start with https://.',
  urlCredentials: 'The URL cannot contain a user name or password.',
  urlFragment: 'The URL cannot contain a # fragment.',
  urlRefused: 'This URL points to a private or internal address; use an address reachable on the public internet.',
  urlUnresolved: 'The host name of this URL could not be found.',
  descriptionRequired: 'Enter a description for the endpoint.',
  descriptionTooLong: `The description can be at most ${webhookDescriptionMaxLength} characters.`,
  descriptionInvisible: 'The description cannot contain control or text-direction characters.',
  descriptionMarkup: 'The description cannot contain < or >.',
  limit: `You already have ${maxWebhookEndpoints} webhook endpoints. Delete one before adding another.`,
  notFound: 'Webhook endpoint not found.',
  browserOnly: 'Webhook endpoints can only be added or deleted while signed in to Reelsmith, not with an API key.',
} as const;

// Control characters and invisible format characters (direction overrides and isolates, zero-width
// spaces, BOM); the zero-width joiner of emoji sequences stays allowed.
const invisible = /[\p{Cc}\p{Cs}]|(?!\u200d)\p{Cf}/u;

/** An endpoint's description: trimmed, 1–200 characters (emoji count as one), plain visible text. */
export const webhookDescriptionSchema = z
  .string({ error: webhookMessages.descriptionRequired })
  .trim()
  .min(1, { error: webhookMessages.descriptionRequired })
  .refine((text) => [...text].length <= webhookDescriptionMaxLength, { error: webhookMessages.descriptionTooLong, abort: true })
  .refine((text) => !invisible.test(text), { error: webhookMessages.descriptionInvisible, abort: true })
  .refine((text) => !/[<>]/.test(text), { error: webhookMessages.descriptionMarkup });

// The shape only (this package runs in the browser too and has no URL type); the server parses the
// URL fully and decides whether its address may be reached (core webhooks).
const scheme = (text: string) => /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
const authority = (text: string) => /^https?:\/\/([^/?#]*)/i.exec(text)?.[1] ?? '';

/**
 * A callback URL's shape: http(s)://host…, no credentials, no fragment, no spaces or control
 * characters. Whether http is allowed (loopback outside production) and whether the address is
 * public is the server's decision.
 */
export const webhookUrlSchema = z
  .string({ error: webhookMessages.urlRequired })
  .trim()
  .min(1, { error: webhookMessages.urlRequired })
  .max(webhookUrlMaxLength, { error: webhookMessages.urlTooLong })
  .refine((text) => !/[\s\p{Cc}\p{Cf}\\]/u.test(text) && scheme(text) !== undefined, { error: webhookMessages.urlInvalid, abort: true })
  .refine((text) => scheme(text) === 'https' || scheme(text) === 'http', { error: webhookMessages.urlHttps, abort: true })
  .refine((text) => /^https?:\/\/[^/?#]/i.test(text), { error: webhookMessages.urlInvalid, abort: true })
  .refine((text) => !authority(text).includes('@'), { error: webhookMessages.urlCredentials, abort: true })
  .refine((text) => !text.includes('#'), { error: webhookMessages.urlFragment });

export const createWebhookEndpointInputSchema = z.object({ url: webhookUrlSchema, description: webhookDescriptionSchema }).strict();
export type CreateWebhookEndpointInput = z.infer<typeof createWebhookEndpointInputSchema>;

/** Any id is accepted; one that is not an endpoint of the caller's (malformed ones included) is not found. */
export const webhookEndpointIdInputSchema = z.object({ id: z.string().max(200) }).strict();

/** An endpoint as its owner sees it in the list: never the secret. */
export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  createdAt: z.date(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer to adding an endpoint: the one time its signing secret (`whsec_…`) is shown. */
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

/** One delivery attempt in the log. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  endpointId: z.string(),
  endpointUrl: z.string(),
  attempt: z.number().int(),
  /** The receiver's HTTP status, null when no answer came (timeout, connection error, refused address). */
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  /** When the next attempt is due, null when this was the last one (delivered or given up). */
  nextRetryAt: z.date().nullable(),
  createdAt: z.date(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
