import { z } from 'zod';

// admin.providers.get: which AI provider serves each capability (never a key), what the calls
// cost over the last 30 days, by provider, model and price source, and which providers are out of credit.
export const providerCapabilitySchema = z.object({
  provider: z.string(),
  models: z.array(z.string()),
});

export const providerCostTotalSchema = z.object({
  provider: z.string(),
  model: z.string(),
  unit: z.enum(['seconds', 'images', 'characters', 'tokens']),
  calls: z.number().int(),
  quantity: z.number(),
  amountUsd: z.number(),
  /** Where the price came from: 'default' (built-in list), 'env:<VARIABLE>', 'config'; 'unrecorded' for old rows. */
  priceSource: z.string(),
});

/** A provider that answered "out of credit" and has not had a paid call succeed since. */
export const providerOutOfCreditSchema = z.object({
  provider: z.string(),
  since: z.date(),
  lastSeenAt: z.date().nullable(),
});

export const adminProvidersSchema = z.object({
  capabilities: z.object({
    llm: providerCapabilitySchema,
    tts: providerCapabilitySchema,
    image: providerCapabilitySchema,
    video: providerCapabilitySchema.extend({ maxAudioSeconds: z.number().nullable() }),
  }),
  costsLast30Days: z.array(providerCostTotalSchema),
  creditsReturnedLast30Days: z.number().int(),
  outOfCredit: z.array(providerOutOfCreditSchema),
});
export type AdminProviders = z.infer<typeof adminProvidersSchema>;
