import { listUserProjectSummaries } from '@reelsmith/db';
import type { AdminUserProject } from '@reelsmith/shared';
import { readAssets } from '../../projects/project-rows.ts';
import type { CoreDeps } from '../../deps.ts';
import { keyFromMediaUrl } from '../../storage/media-storage.ts';
import { signMediaKey } from '../../storage/media-access.ts';
import { requireCustomer } from './require-customer.ts';

/** How long a signed preview/download link for the back-office stays valid. */
export const ADMIN_MEDIA_LINK_SECONDS = 60 * 60;

/**
 * A customer's projects for the user details screen, newest first. The final video comes as a
 * short-lived signed /media URL, since the admin SPA holds only a bearer token that a <video> or
 * <a download> cannot send.
 */
export async function listAdminUserProjects(deps: CoreDeps & { mediaSecret?: string }, userId: string): Promise<AdminUserProject[]> {
  await requireCustomer(deps, userId);
  const rows = await listUserProjectSummaries(deps.db, userId);
  const expiresAt = new Date(deps.clock.now().getTime() + ADMIN_MEDIA_LINK_SECONDS * 1000);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    createdAt: r.created_at,
    status: r.status,
    assets: { finalVideoUrl: signedFinalVideo(r.assets, deps.mediaSecret, expiresAt) },
  }));
}

function signedFinalVideo(rawAssets: unknown, secret: string | undefined, expiresAt: Date): string | null {
  const final = readAssets(rawAssets).final;
  // A playlist is several files, not one playable video.
  if (!final || final.type === 'playlist' || !secret) return null;
  const key = keyFromMediaUrl(final.url);
  if (!key) return null;
  return `/media/${key}?${signMediaKey(secret, key, expiresAt)}`;
}
