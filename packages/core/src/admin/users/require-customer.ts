import { findUserById } from '@reelsmith/db';
import { AppError, isUuid } from '@reelsmith/shared';
import type { CoreDeps } from '../../deps.ts';
import { userNotFoundMessage } from './set-user-status.ts';


/** The customer an admin path names; an unknown or malformed id is one answer: 404 'User not found'. */
export async function requireCustomer(deps: Pick<CoreDeps, 'db'>, userId: string): Promise<NonNullable<Awaited<ReturnType<typeof findUserById>>>> {
  const user = isUuid(userId) ? await findUserById(deps.db, userId) : undefined;
  if (!user) throw new AppError('NOT_FOUND', userNotFoundMessage);
  return user;
}
