import {
  endSession,
  findSessionByTokenHash,
  findUserByEmail,
  findUserByGoogleSub,
  insertSession,
  insertUser,
  lockIdentity,
  touchSession,
  updateUserIdentity,
  type Executor,
  type IdentityInput,
  type UserRow,
} from '@reelsmith/db';
import { AppError } from '@reelsmith/shared';
import type { CoreDeps } from '../deps.ts';
import { hashToken, newSecretToken } from './tokens.ts';
import { startFreeSubscription } from '../billing/subscriptions.ts';

export const accountSuspendedMessage = 'Your account has been suspended. Please contact support.';
export const registrationClosedMessage = 'New sign-ups are currently closed.';
export const otherGoogleAccountMessage =
  'This e-mail address belongs to a different Google account. Sign in with the Google account you first used, or contact support.';

export interface RequestMeta {
  userAgent: string | null;
  ip: string | null;
  country: string | null;
  city: string | null;
}

export interface SignInOptions {
  sessionTtlSeconds: number;
  /** When false, only existing customers may sign in. */
  registrationEnabled: boolean;
}

export interface SignedIn {
  token: string;
  user: UserRow;
  expiresAt: Date;
  isNewUser: boolean;
}

// Refresh last activity at most once a minute, so busy pages don't write on every call.
const touchIntervalMs = 60_000;

/**
 * Finds the customer an identity belongs to. The provider's subject is the identifier, never the
 * e-mail (Google: e-mail addresses can be recycled, `sub` never is): a subject match wins; an e-mail
 * match links only an account that has no subject yet; an e-mail held by another subject is refused.
 */
async function findCustomerFor(trx: Executor, deps: CoreDeps, identity: IdentityInput): Promise<UserRow | undefined> {
  const bySub = identity.googleSub ? await findUserByGoogleSub(trx, identity.googleSub) : undefined;
  if (bySub) return bySub;
  const byEmail = await findUserByEmail(trx, identity.email);
  if (byEmail?.google_sub && identity.googleSub && byEmail.google_sub !== identity.googleSub) {
    deps.logger.warn({ userId: byEmail.id }, 'sign-in refused: the e-mail address belongs to a different Google account');
    throw new AppError('FORBIDDEN', otherGoogleAccountMessage, { reason: 'identity_mismatch' });
  }
  return byEmail;
}

/** The e-mail to store: the provider's, unless another customer already holds it (then the stored one stays). */
async function emailToStore(trx: Executor, existing: UserRow, identity: IdentityInput): Promise<IdentityInput> {
  if (existing.email === identity.email.toLowerCase()) return identity;
  const holder = await findUserByEmail(trx, identity.email);
  return holder && holder.id !== existing.id ? { ...identity, email: existing.email } : identity;
}

/**
 * Signs a customer in from an identity the provider vouched for: finds them by provider subject,
 * else by e-mail for an account with no subject yet (linking it), else registers them; opens a
 * server-side session.
 */
export async function signInWithIdentity(
  deps: CoreDeps,
  identity: IdentityInput,
  meta: RequestMeta,
  options: SignInOptions,
): Promise<SignedIn> {
  const signedIn = await deps.db.transaction().execute(async (trx) => {
    await lockIdentity(trx, identity.email);
    const existing = await findCustomerFor(trx, deps, identity);
    if (existing && !existing.is_active) throw new AppError('FORBIDDEN', accountSuspendedMessage, { reason: 'suspended' });
    if (!existing && !options.registrationEnabled) throw new AppError('FORBIDDEN', registrationClosedMessage, { reason: 'registration_closed' });
    const loginAt = deps.clock.now();
    const user = existing
      ? await updateUserIdentity(trx, existing.id, await emailToStore(trx, existing, identity))
      : await insertUser(trx, identity);
    // Every new customer starts on the Free plan.
    if (!existing) await startFreeSubscription(trx, user.id, loginAt);
    const token = newSecretToken();
    const expiresAt = new Date(loginAt.getTime() + options.sessionTtlSeconds * 1000);
    await insertSession(trx, { userId: user.id, tokenHash: hashToken(token), ...meta, loginAt, expiresAt });
    deps.logger.info({ userId: user.id, newUser: !existing }, 'customer signed in');
    return { token, user, expiresAt, isNewUser: !existing };
  });
  // After the commit, in the background: the welcome mail never delays or fails the sign-in.
  if (signedIn.isNewUser) deps.email?.welcome(signedIn.user.id);
  return signedIn;
}

/**
 * Who a customer call comes from: an active customer (through a session cookie, or an API key that
 * stands for the same customer), or why not.
 */
export type SessionLookup =
  | { state: 'active'; user: UserRow; sessionId: string | null; apiKeyId: string | null }
  | { state: 'missing' | 'expired' | 'ended' | 'suspended' | 'invalid_api_key' };

/** Resolves a session cookie to its customer; a suspended customer's session ends on the spot. */
export async function resolveCustomerSession(deps: CoreDeps, token: string | undefined): Promise<SessionLookup> {
  if (!token) return { state: 'missing' };
  const found = await findSessionByTokenHash(deps.db, hashToken(token));
  if (!found) return { state: 'missing' };
  const now = deps.clock.now();
  // A session ended by a suspension keeps answering with the suspension while the account stays suspended.
  if (found.session.ended_at) return { state: found.user.is_active ? 'ended' : 'suspended' };
  if (found.session.expires_at.getTime() <= now.getTime()) {
    await endSession(deps.db, found.session.id, now, 'expired');
    return { state: 'expired' };
  }
  if (!found.user.is_active) {
    await endSession(deps.db, found.session.id, now, 'suspended');
    return { state: 'suspended' };
  }
  if (now.getTime() - found.session.last_activity_at.getTime() > touchIntervalMs) {
    await touchSession(deps.db, found.session.id, now);
  }
  return { state: 'active', user: found.user, sessionId: found.session.id, apiKeyId: null };
}

export async function signOut(deps: CoreDeps, token: string | undefined): Promise<void> {
  if (!token) return;
  const found = await findSessionByTokenHash(deps.db, hashToken(token));
  if (found) await endSession(deps.db, found.session.id, deps.clock.now(), 'logout');
}
