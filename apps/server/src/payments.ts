import type { Kysely } from 'kysely';
import { databaseStripeIds, LocalPaymentProvider, StripePaymentProvider, type Clock, type Logger, type PaymentProvider } from '@reelsmith/core';
import type { Database } from '@reelsmith/db';
import { ConfigError, type Config } from './config.ts';

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

/**
 * In production, checks that Stripe will send us what we act on: an enabled webhook endpoint at
 * PUBLIC_URL/api/stripe/webhook with every event of docs/billing.md, on our API version. A wrong
 * set-up refuses to start (payments would otherwise be taken and never applied); a key that may
 * not read endpoints, or Stripe out of reach, only warns.
 */
export async function checkStripeSetup(config: Config, payments: PaymentProvider, logger: Logger): Promise<'ok' | 'unchecked' | 'skipped'> {
  if (!config.isProduction || !(payments instanceof StripePaymentProvider)) return 'skipped';
  const url = `${config.publicUrl}/api/stripe/webhook`;
  let problems: string[] | null;
  try {
    problems = await payments.checkWebhookEndpoint(url);
  } catch (err) {
    logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'could not check the Stripe webhook endpoint; see docs/billing.md');
    return 'unchecked';
  }
  if (problems === null) {
    logger.warn({ url }, 'the Stripe key may not read webhook endpoints; check the endpoint by hand (docs/billing.md)');
    return 'unchecked';
  }
  if (problems.length > 0) throw new ConfigError(`Stripe is not set up for this server (docs/billing.md):\n  ${problems.join('\n  ')}`);
  return 'ok';
}
