import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Executor } from '@reelsmith/db';
import { keyFromMediaUrl } from './media-storage.ts';
import type { CoreDeps } from '../deps.ts';
import { downloadRefusal, loadEntitlements } from '../billing/entitlements.ts';

/** A time-limited signature for one media key (for players that cannot send a bearer token). */
export function signMediaKey(secret: string, key: string, expiresAt: Date): string {
  const exp = Math.floor(expiresAt.getTime() / 1000);
  const sig = createHmac('sha256', secret).update(`${key}|${exp}`).digest('base64url');
  return `exp=${exp}&sig=${sig}`;
}

export function verifyMediaSignature(secret: string, key: string, exp: string | undefined, sig: string | undefined, now: Date): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
  if (Number(exp) * 1000 < now.getTime()) return false;
  const expected = createHmac('sha256', secret).update(`${key}|${exp}`).digest();
  const given = Buffer.from(sig, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The project a media key belongs to, or null for shared assets such as voice previews. */
export function projectOfKey(key: string): string | null {
  const m = /^projects\/([0-9a-f-]{36})\//.exec(key);
  return m ? m[1]! : null;
}

/** Whether a key is the final video or poster of a publicly shared project (anyone may fetch those). */
export async function isPublicShareMedia(db: Executor, projectId: string, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('shares as s')
    .innerJoin('projects as p', 'p.id', 's.project_id')
    .select(['p.assets'])
    .where('s.project_id', '=', projectId)
    .where('s.is_public', '=', true)
    .executeTakeFirst();
  if (!row) return false;
  const assets = row.assets as { final?: { url?: string; posterUrl?: string; type?: string } | null };
  const final = assets.final;
  if (!final) return false;
  const publicKeys: (string | null)[] = [final.posterUrl ? keyFromMediaUrl(final.posterUrl) : null];
  if (final.type === 'playlist' && final.url) {
    try {
      const videos = (JSON.parse(final.url) as { videos?: string[] }).videos ?? [];
      publicKeys.push(...videos.map(keyFromMediaUrl));
    } catch {
      // An unreadable playlist shares nothing.
    }
  } else if (final.url) {
    publicKeys.push(keyFromMediaUrl(final.url));
  }
  return publicKeys.includes(key);
}

/**
 * Why a project's media may not be downloaded as a file, or null when it may: downloads are a
 * feature of the owner's plan, whoever asks (the owner, or anyone on a public share page).
 * Playing the media in a page is not a download.
 */
export async function projectDownloadRefusal(deps: CoreDeps, projectId: string): Promise<string | null> {
  const project = await deps.db.selectFrom('projects').select('user_id').where('id', '=', projectId).executeTakeFirst();
  if (!project) return null;
  return downloadRefusal(await loadEntitlements(deps, project.user_id))?.message ?? null;
}
