import { findUserById } from '@reelsmith/db';
import { AppError } from '@reelsmith/shared';
import type { CoreDeps } from '../../deps.ts';
import { userNotFoundMessage } from './set-user-status.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The customer an admin path names; an unknown or malformed id is one answer: 404 'User not found'. */
export async function requireCustomer(deps: Pick<CoreDeps, 'db'>, userId: string): Promise<NonNullable<Awaited<ReturnType<typeof findUserById>>>> {
  const user = uuidPattern.test(userId) ? await findUserById(deps.db, userId) : undefined;
  if (!user) throw new AppError('NOT_FOUND', userNotFoundMessage);
  return user;
}
