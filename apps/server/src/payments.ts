import type { Kysely } from 'kysely';
import { databaseStripeIds, LocalPaymentProvider, StripePaymentProvider, type Clock, type PaymentProvider } from '@reelsmith/core';
import type { Database } from '@reelsmith/db';
import type { Config } from './config.ts';

/** Stripe when configured; the local test checkout otherwise (the config refuses that in production). */
export function createPaymentProvider(config: Config, db: Kysely<Database>, clock: Clock): PaymentProvider {
  if (!config.stripe) return new LocalPaymentProvider({ db, clock, publicUrl: config.publicUrl });
  const base = config.stripe.apiBase;
  return new StripePaymentProvider({
    secretKey: config.stripe.secretKey,
    webhookSecret: config.stripe.webhookSecret,
    host: base?.hostname,
    port: base?.port ? Number(base.port) : undefined,
    protocol: base ? (base.protocol === 'http:' ? 'http' : 'https') : undefined,
    ids: databaseStripeIds(db),
  });
}
