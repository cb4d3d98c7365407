import { z } from 'zod';

// API keys for integrators (issue 18): the customer names each key; the browser and the server read
// the same rules.

export const apiKeyNameMaxLength = 60;
/** At most this many keys that are not revoked, per customer. */
export const maxActiveApiKeys = 10;
/** Every key starts with this, so the server tells keys from other bearer tokens. */
export const apiKeyPrefix = 'rsk_';

export const apiKeyMessages = {
  nameRequired: 'Enter a name for the key.',
  nameTooLong: `The name can be at most ${apiKeyNameMaxLength} characters.`,
  nameInvisible: 'The name cannot contain control or text-direction characters.',
  nameMarkup: 'The name cannot contain < or >.',
  limit: `You already have ${maxActiveApiKeys} API keys. Revoke one before creating another.`,
  notFound: 'API key not found.',
  browserOnly: 'API keys can only be created or revoked while signed in to Reelsmith, not with an API key.',
  invalidKey: 'This API key is not valid or has been revoked.',
} as const;

// Control characters (NUL, newlines, ESC, …) and the invisible format characters (text-direction
// overrides and isolates, zero-width spaces, BOM) that make a name read differently from what it is.
// The zero-width joiner (U+200D) stays allowed: emoji sequences such as 👩‍💻 are built with it.
const invisible = /[\p{Cc}\p{Cs}]|(?!\u200d)\p{Cf}/u;

/** A key's name: trimmed, 1–60 characters (emoji count as one), plain visible text. */
export const apiKeyNameSchema = z
  .string({ error: apiKeyMessages.nameRequired })
  .trim()
  .min(1, { error: apiKeyMessages.nameRequired })
  .refine((name) => [...name].length <= apiKeyNameMaxLength, { error: apiKeyMessages.nameTooLong, abort: true })
  .refine((name) => !invisible.test(name), { error: apiKeyMessages.nameInvisible, abort: true })
  .refine((name) => !/[<>]/.test(name), { error: apiKeyMessages.nameMarkup });

export const createApiKeyInputSchema = z.object({ name: apiKeyNameSchema });
export type CreateApiKeyInput = z.infer<typeof createApiKeyInputSchema>;

/** Any id is accepted; one that is not a key of the caller's (malformed ones included) is not found. */
export const revokeApiKeyInputSchema = z.object({ id: z.string().max(200) }).strict();

/** A key as its owner sees it in the list: never the secret, never its hash. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.date(),
  lastUsedAt: z.date().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to creating a key: the one time its secret is shown. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
