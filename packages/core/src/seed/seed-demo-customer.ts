import type { CoreDeps } from '../deps.ts';
import { startFreeSubscription } from '../billing/subscriptions.ts';

export const DEMO_CUSTOMER_EMAIL = 'demo@reelsmith.local';

/** A demo customer to sign in as on the development sign-in page; created once. */
export async function seedDemoCustomer(deps: CoreDeps): Promise<{ email: string; created: boolean }> {
  const result = await deps.db
    .insertInto('users')
    .values({ email: DEMO_CUSTOMER_EMAIL, first_name: 'Demo', last_name: 'Customer', google_sub: null, profile_image_url: null, stripe_customer_id: null })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (result) await startFreeSubscription(deps.db, result.id, deps.clock.now());
  return { email: DEMO_CUSTOMER_EMAIL, created: Boolean(result) };
}
