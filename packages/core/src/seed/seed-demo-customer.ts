import { insertUserIfAbsent } from '@reelsmith/db';
import type { CoreDeps } from '../deps.ts';
import { startFreeSubscription } from '../billing/subscriptions.ts';

export const DEMO_CUSTOMER_EMAIL = 'demo@reelsmith.local';

/** A demo customer to sign in as on the development sign-in page; created once. */
export async function seedDemoCustomer(deps: CoreDeps): Promise<{ email: string; created: boolean }> {
  const userId = await insertUserIfAbsent(deps.db, { email: DEMO_CUSTOMER_EMAIL, first_name: 'Demo', last_name: 'Customer' });
  if (userId) await startFreeSubscription(deps.db, userId, deps.clock.now());
  return { email: DEMO_CUSTOMER_EMAIL, created: Boolean(userId) };
}
