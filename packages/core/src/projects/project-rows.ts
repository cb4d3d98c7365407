import type { Executor } from '@reelsmith/db';
import {
  AppError,
  normaliseStatus,
  projectAssetsSchema,
  projectMessages,
  projectParamsSchema,
  sceneSchema,
  type AspectRatio,
  type Project,
  type ProjectAssets,
  type ProjectParams,
  type Scene,
} from '@reelsmith/shared';
import { z } from 'zod';

const projectColumns = [
  'p.id', 'p.user_id', 'p.title', 'p.status', 'p.aspect', 'p.reel_time', 'p.current_step', 'p.scenes', 'p.params', 'p.assets',
  'p.last_error', 'p.created_at', 'p.updated_at', 's.short_id', 's.views',
] as const;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Stored JSON is read leniently: a field that no longer fits the schema is dropped, never a 500.
const lenientScenes = z.array(z.unknown()).transform((items) => items.flatMap((s) => {
  const parsed = sceneSchema.safeParse(s);
  return parsed.success ? [parsed.data] : [];
}));

export function readScenes(value: unknown): Scene[] {
  return lenientScenes.parse(Array.isArray(value) ? value : []);
}

export function readParams(value: unknown): ProjectParams {
  const parsed = projectParamsSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : {};
}

export function readAssets(value: unknown): ProjectAssets {
  const parsed = projectAssetsSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : {};
}

function query(db: Executor) {
  return db.selectFrom('projects as p').leftJoin('shares as s', 's.project_id', 'p.id').select(projectColumns);
}

type Row = Awaited<ReturnType<ReturnType<typeof query>['executeTakeFirstOrThrow']>>;

export function toProject(row: Row): Project {
  return {
    id: row.id,
    title: row.title,
    status: normaliseStatus(row.status),
    aspect: row.aspect as AspectRatio,
    reelTime: row.reel_time,
    currentStep: row.current_step,
    scenes: readScenes(row.scenes),
    params: readParams(row.params),
    assets: readAssets(row.assets),
    lastError: row.last_error,
    share: row.short_id ? { shortId: row.short_id, views: row.views ?? 0 } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** One of the customer's projects; anyone else's, or a malformed id, reads exactly as missing. */
export async function findOwnedProject(db: Executor, userId: string, id: string, options: { lock?: boolean } = {}): Promise<Project> {
  if (!uuid.test(id)) throw new AppError('NOT_FOUND', projectMessages.notFound);
  let q = query(db).where('p.id', '=', id).where('p.user_id', '=', userId);
  if (options.lock) q = q.forUpdate('p');
  const row = await q.executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', projectMessages.notFound);
  return toProject(row);
}

export async function listOwnedProjects(db: Executor, userId: string): Promise<Project[]> {
  const rows = await query(db).where('p.user_id', '=', userId).orderBy('p.updated_at', 'desc').limit(500).execute();
  return rows.map(toProject);
}
