import { z } from 'zod';

// admin.providers.get: which AI provider serves each capability (never a key), and what the calls
// cost over the last 30 days, by provider and model.
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
});
export type AdminProviders = z.infer<typeof adminProvidersSchema>;
