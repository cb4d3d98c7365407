import { createHash, randomBytes } from 'node:crypto';
import { AppError, isProjectFinished, shareMessages, type PublicShare } from '@reelsmith/shared';
import {
  findShareOfProject,
  findShareWithProject,
  hasRecentShareView,
  incrementShareViews,
  insertShareIfAbsent,
  insertShareView,
  lockShare,
  shareViews,
} from '@reelsmith/db';
import type { CoreDeps } from '../deps.ts';
import { findOwnedProject, readAssets, readScenes } from '../projects/project-rows.ts';
import { avatarPool, resolveSelection } from '../projects/project-media.ts';
import { currentPlatformStatus, type PlatformStatusCache } from '../settings/platform-status-cache.ts';
import { downloadRefusal, loadEntitlements } from '../billing/entitlements.ts';
import { finalVideoLength } from './final-video-length.ts';

/** The services' dependencies, with this process's kept feature switches where the server has them. */
type ShareDeps = CoreDeps & { platformStatus?: PlatformStatusCache | undefined };

const VIEW_WINDOW_MS = 30 * 60_000;

/** 12 URL-safe characters from 72 random bits: not guessable, short enough to share. */
export function newShortId(): string {
  return randomBytes(9).toString('base64url');
}

/** The switch is among the feature switches the process keeps (currentPlatformStatus), so a share read costs no settings read. */
async function assertSharingEnabled(deps: ShareDeps): Promise<void> {
  if (!(await currentPlatformStatus(deps)).projectSharingEnabled) throw new AppError('FORBIDDEN', shareMessages.disabled);
}

/** The project's public link, made once; only finished projects can be shared. */
export async function createShare(deps: ShareDeps, userId: string, projectId: string): Promise<{ shortId: string; views: number; path: string }> {
  await assertSharingEnabled(deps);
  const project = await findOwnedProject(deps.db, userId, projectId);
  if (project.share) return { shortId: project.share.shortId, views: project.share.views, path: `/s/${project.share.shortId}` };
  if (!isProjectFinished(project)) throw new AppError('CONFLICT', shareMessages.notFinished);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const share = (await insertShareIfAbsent(deps.db, project.id, newShortId())) ?? (await findShareOfProject(deps.db, project.id));
    if (share) return { shortId: share.short_id, views: share.views, path: `/s/${share.short_id}` };
  }
  throw new Error('could not allocate a share id');
}

async function findShare(deps: CoreDeps, shortId: string) {
  if (!/^[A-Za-z0-9_-]{10,64}$/.test(shortId)) throw new AppError('NOT_FOUND', shareMessages.notFound);
  const row = await findShareWithProject(deps.db, shortId);
  if (!row || !row.is_public) throw new AppError('NOT_FOUND', shareMessages.notFound);
  return row;
}

/**
 * What anyone with the link may see: no owner, no internal ids, only the finished video and poster,
 * and whether the owner's plan allows downloading it (Free: played, never offered as a download).
 */
export async function getPublicShare(deps: ShareDeps, shortId: string): Promise<PublicShare> {
  await assertSharingEnabled(deps);
  const row = await findShare(deps, shortId);
  const ownerPlan = await loadEntitlements(deps, row.user_id);
  const assets = readAssets(row.assets);
  const final = assets.final ?? assets.video_final ?? null;
  let finalVideo: PublicShare['project']['finalVideo'] = null;
  if (final) {
    if (final.type === 'playlist') {
      let videos: string[];
      try {
        const parsed = JSON.parse(final.url) as { videos?: unknown };
        videos = Array.isArray(parsed.videos) ? parsed.videos.filter((v): v is string => typeof v === 'string') : [];
      } catch {
        videos = [];
      }
      finalVideo = { type: 'playlist', url: null, videos, durationSeconds: finalVideoLength(final, assets, videos), captionsUrl: null };
    } else {
      finalVideo = { type: 'single', url: final.url, videos: [], durationSeconds: finalVideoLength(final, assets, []), captionsUrl: final.captions?.vttUrl ?? null };
    }
  }
  const poster =
    final?.posterUrl ??
    resolveSelection(assets.avatar_product?.selected, assets.avatar_product?.variations ?? []) ??
    resolveSelection(assets.avatar?.selected, avatarPool(assets));
  return {
    project: {
      title: row.title,
      aspect: row.aspect as PublicShare['project']['aspect'],
      reelTime: row.reel_time,
      scenes: readScenes(row.scenes).map((s) => ({ title: s.title, text: s.text })),
      finalVideo,
      posterUrl: poster,
      createdAt: row.created_at,
      allowDownload: downloadRefusal(ownerPlan) === null,
    },
    share: { shortId: row.short_id, views: row.views, createdAt: row.shared_at },
  };
}

/** Counts a view atomically, at most once per viewer in any half hour, so one client cannot inflate it. */
export async function recordShareView(
  deps: ShareDeps,
  shortId: string,
  viewer: { ip: string | null; userAgent: string | null },
): Promise<{ views: number; counted: boolean }> {
  await assertSharingEnabled(deps);
  const share = await findShare(deps, shortId);
  const now = deps.clock.now();
  const viewerKey = createHash('sha256').update(`${viewer.ip ?? '-'}|${viewer.userAgent ?? '-'}`).digest('hex');
  return deps.db.transaction().execute(async (trx) => {
    // Lock the share so two requests from one viewer cannot both count.
    await lockShare(trx, share.shareId);
    const counted = !(await hasRecentShareView(trx, share.shareId, viewerKey, new Date(now.getTime() - VIEW_WINDOW_MS))) && (await insertShareView(trx, share.shareId, viewerKey, now));
    if (!counted) return { views: await shareViews(trx, share.shareId), counted: false };
    return { views: await incrementShareViews(trx, share.shareId), counted: true };
  });
}
