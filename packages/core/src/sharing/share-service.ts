import { createHash, randomBytes } from 'node:crypto';
import { AppError, isProjectFinished, shareMessages, type PublicShare } from '@reelsmith/shared';
import type { CoreDeps } from '../deps.ts';
import { findOwnedProject, readAssets, readScenes } from '../projects/project-rows.ts';
import { avatarPool, resolveSelection } from '../projects/project-media.ts';
import { readSystemSettings } from '../settings/system-settings.ts';
import { downloadRefusal, loadEntitlements } from '../billing/entitlements.ts';

const VIEW_WINDOW_MS = 30 * 60_000;

/** 12 URL-safe characters from 72 random bits: not guessable, short enough to share. */
export function newShortId(): string {
  return randomBytes(9).toString('base64url');
}

async function assertSharingEnabled(deps: CoreDeps): Promise<void> {
  const settings = await readSystemSettings(deps);
  if (!settings.features.projectSharingEnabled) throw new AppError('FORBIDDEN', shareMessages.disabled);
}

/** The project's public link, made once; only finished projects can be shared. */
export async function createShare(deps: CoreDeps, userId: string, projectId: string): Promise<{ shortId: string; views: number; path: string }> {
  await assertSharingEnabled(deps);
  const project = await findOwnedProject(deps.db, userId, projectId);
  if (project.share) return { shortId: project.share.shortId, views: project.share.views, path: `/s/${project.share.shortId}` };
  if (!isProjectFinished(project)) throw new AppError('CONFLICT', shareMessages.notFinished);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const inserted = await deps.db
      .insertInto('shares')
      .values({ project_id: project.id, short_id: newShortId() })
      .onConflict((oc) => oc.doNothing())
      .returning(['short_id', 'views'])
      .executeTakeFirst();
    const share = inserted ?? (await deps.db.selectFrom('shares').select(['short_id', 'views']).where('project_id', '=', project.id).executeTakeFirst());
    if (share) return { shortId: share.short_id, views: share.views, path: `/s/${share.short_id}` };
  }
  throw new Error('could not allocate a share id');
}

async function findShare(deps: CoreDeps, shortId: string) {
  if (!/^[A-Za-z0-9_-]{10,64}$/.test(shortId)) throw new AppError('NOT_FOUND', shareMessages.notFound);
  const row = await deps.db
    .selectFrom('shares as s')
    .innerJoin('projects as p', 'p.id', 's.project_id')
    .select(['s.id as shareId', 's.short_id', 's.views', 's.created_at as shared_at', 's.is_public', 'p.title', 'p.aspect', 'p.reel_time', 'p.scenes', 'p.assets', 'p.created_at', 'p.user_id'])
    .where('s.short_id', '=', shortId)
    .executeTakeFirst();
  if (!row || !row.is_public) throw new AppError('NOT_FOUND', shareMessages.notFound);
  return row;
}

/**
 * What anyone with the link may see: no owner, no internal ids, only the finished video and poster,
 * and whether the owner's plan allows downloading it (Free: played, never offered as a download).
 */
export async function getPublicShare(deps: CoreDeps, shortId: string): Promise<PublicShare> {
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
      finalVideo = { type: 'playlist', url: null, videos };
    } else {
      finalVideo = { type: 'single', url: final.url, videos: [] };
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
  deps: CoreDeps,
  shortId: string,
  viewer: { ip: string | null; userAgent: string | null },
): Promise<{ views: number; counted: boolean }> {
  await assertSharingEnabled(deps);
  const share = await findShare(deps, shortId);
  const now = deps.clock.now();
  const viewerKey = createHash('sha256').update(`${viewer.ip ?? '-'}|${viewer.userAgent ?? '-'}`).digest('hex');
  return deps.db.transaction().execute(async (trx) => {
    // Lock the share so two requests from one viewer cannot both count.
    await trx.selectFrom('shares').select('id').where('id', '=', share.shareId).forUpdate().execute();
    const recent = await trx
      .selectFrom('share_view_log')
      .select('window_start')
      .where('share_id', '=', share.shareId)
      .where('viewer_key', '=', viewerKey)
      .where('window_start', '>', new Date(now.getTime() - VIEW_WINDOW_MS))
      .executeTakeFirst();
    const fresh = recent
      ? undefined
      : await trx
          .insertInto('share_view_log')
          .values({ share_id: share.shareId, viewer_key: viewerKey, window_start: now })
          .onConflict((oc) => oc.doNothing())
          .returning('share_id')
          .executeTakeFirst();
    if (!fresh) {
      const current = await trx.selectFrom('shares').select('views').where('id', '=', share.shareId).executeTakeFirstOrThrow();
      return { views: current.views, counted: false };
    }
    const updated = await trx
      .updateTable('shares')
      .set((eb) => ({ views: eb('views', '+', 1) }))
      .where('id', '=', share.shareId)
      .returning('views')
      .executeTakeFirstOrThrow();
    return { views: updated.views, counted: true };
  });
}
