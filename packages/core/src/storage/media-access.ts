import { createHmac, timingSafeEqual } from 'node:crypto';
import { findProjectOwnerId, findProjectTitle, findPublicShareAssets, isProjectOwnedBy, type Executor } from '@reelsmith/db';
import { attachmentDisposition } from '@reelsmith/shared';
import { keyFromMediaUrl } from './media-storage.ts';
import type { CoreDeps } from '../deps.ts';
import { downloadRefusal, loadEntitlements } from '../billing/entitlements.ts';
import { resolveAdminToken } from '../admin/admin-sessions.ts';
import { resolveCustomerSession } from '../auth/customer-sessions.ts';
import { isApiKey } from '../api-keys/api-key-secret.ts';
import { resolveApiKey } from '../api-keys/api-keys.ts';

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

/**
 * The Content-Disposition of a download: a project's media is saved under the project's title (the
 * admin spec's "file named after the project title"), made safe by attachmentDisposition; other media
 * (voice previews) under its own file name.
 */
export async function mediaDownloadDisposition(db: Executor, key: string): Promise<string> {
  const fileName = key.slice(key.lastIndexOf('/') + 1);
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot + 1) : 'bin';
  const projectId = projectOfKey(key);
  const title = projectId ? (await findProjectTitle(db, projectId))?.title : undefined;
  return attachmentDisposition(title ?? (dot > 0 ? fileName.slice(0, dot) : fileName), extension);
}

/** The project a media key belongs to, or null for shared assets such as voice previews. */
export function projectOfKey(key: string): string | null {
  const m = /^projects\/([0-9a-f-]{36})\//.exec(key);
  return m ? m[1]! : null;
}

/** Whether a key is the final video, its poster or its captions, of a publicly shared project (anyone may fetch those). */
export async function isPublicShareMedia(db: Executor, projectId: string, key: string): Promise<boolean> {
  const assets = (await findPublicShareAssets(db, projectId)) as
    | { final?: { url?: string; posterUrl?: string; type?: string; captions?: { vttUrl?: string; srtUrl?: string } } | null }
    | undefined;
  const final = assets?.final;
  if (!final) return false;
  const publicKeys: (string | null)[] = [final.posterUrl ? keyFromMediaUrl(final.posterUrl) : null];
  for (const url of [final.captions?.vttUrl, final.captions?.srtUrl]) if (typeof url === 'string') publicKeys.push(keyFromMediaUrl(url));
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
  const ownerId = await findProjectOwnerId(deps.db, projectId);
  if (!ownerId) return null;
  return downloadRefusal(await loadEntitlements(deps, ownerId))?.message ?? null;
}

/**
 * Who asks for a media key: the customer's session cookie, a bearer value (an admin token, or a
 * customer's API key `rsk_…`, which stands for its customer as the cookie does), a signed link's exp and sig.
 */
export interface MediaRequest {
  key: string;
  sessionToken: string | undefined;
  bearerToken: string | undefined;
  exp: string | undefined;
  sig: string | undefined;
  /** Asked as a file (an attachment), not to play in a page. */
  download: boolean;
}

/** May this request read this media, and how may it be cached; a refused download says why (403). */
export type MediaAccess = { state: 'hidden' } | { state: 'download-refused'; message: string } | { state: 'allowed'; publicShare: boolean };

/**
 * The media access rule, for every entry that serves media: voice previews are open to all; a
 * project's media to its owner, to admins (a bearer token, or a signed link the back-office handed
 * out), and, for a public share's final video and poster, to anyone. Someone else's media reads like
 * missing media. Downloading as a file is a feature of the owner's plan (admins aside).
 */
export async function decideMediaAccess(deps: CoreDeps, mediaSecret: string, request: MediaRequest): Promise<MediaAccess> {
  const { key } = request;
  if (key.startsWith('previews/')) return { state: 'allowed', publicShare: false };
  const projectId = projectOfKey(key);
  if (!projectId) return { state: 'hidden' };
  let allowed = false;
  let viaAdmin = false;
  let publicShare = false;
  const apiKey = request.bearerToken !== undefined && isApiKey(request.bearerToken) ? request.bearerToken : undefined;
  let session = await resolveCustomerSession(deps, request.sessionToken);
  if (session.state !== 'active' && apiKey) session = await resolveApiKey(deps, apiKey);
  if (session.state === 'active') allowed = await isProjectOwnedBy(deps.db, projectId, session.user.id);
  if (!allowed) allowed = viaAdmin = verifyMediaSignature(mediaSecret, key, request.exp, request.sig, deps.clock.now());
  if (!allowed && request.bearerToken && !apiKey) allowed = viaAdmin = Boolean(await resolveAdminToken(deps, request.bearerToken));
  if (!allowed) allowed = publicShare = await isPublicShareMedia(deps.db, projectId, key);
  if (!allowed) return { state: 'hidden' };
  if (request.download && !viaAdmin) {
    const refusal = await projectDownloadRefusal(deps, projectId);
    if (refusal) return { state: 'download-refused', message: refusal };
  }
  return { state: 'allowed', publicShare };
}
