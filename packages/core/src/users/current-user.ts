import { dailyVideoCount, findUserById, type UserRow } from '@reelsmith/db';
import type { CurrentUser } from '@reelsmith/shared';
import type { CoreDeps } from '../deps.ts';

/** The UTC calendar day a usage counter belongs to. */
export function usageDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export async function toCurrentUser(deps: CoreDeps, user: UserRow): Promise<CurrentUser> {
  return {
    id: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    profileImageUrl: user.profile_image_url,
    createdAt: user.created_at,
    dailyVideoCount: await dailyVideoCount(deps.db, user.id, usageDay(deps.clock.now())),
  };
}

export async function getCurrentUser(deps: CoreDeps, userId: string): Promise<CurrentUser | null> {
  const user = await findUserById(deps.db, userId);
  return user && user.is_active ? toCurrentUser(deps, user) : null;
}
