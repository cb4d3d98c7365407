import { countUserProjects, findProjectRow, listProjectRows, type Executor, type ProjectRow } from '@reelsmith/db';
import { AppError, deepFreeze, isUuid, normaliseStatus, projectAssetsSchema, projectMessages, projectParamsSchema, sceneSchema, type AspectRatio, type Project, type ProjectAssets, type ProjectParams, type Scene } from '@reelsmith/shared';
import { z } from 'zod';


/** Told about each stored field dropped on reading because it no longer fits its schema. */
export type DropListener = (field: string, reason: string) => void;

// Logged, not thrown: a stale or over-long stored value must never make a project unreadable.
const warnDropped: DropListener = (field, reason) => {
  console.warn(JSON.stringify({ level: 'warn', msg: 'stored project field dropped', field, reason }));
};

type Lenient = { ok: true; value: unknown } | { ok: false };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Parses stored JSON field by field: a part that no longer fits is dropped (and reported) while its
 * neighbours are kept; objects, records and lists are recovered part by part, and a list longer than
 * its schema allows keeps its first entries.
 */
function readLeniently(schema: z.ZodType, value: unknown, path: string, onDrop: DropListener): Lenient {
  const whole = schema.safeParse(value);
  if (whole.success) return { ok: true, value: whole.data };
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) inner = inner.unwrap() as z.ZodType;
  if (inner instanceof z.ZodObject && isRecord(value)) {
    const kept: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(inner.shape as Record<string, z.ZodType>)) {
      if (value[key] === undefined) continue;
      const part = readLeniently(field, value[key], `${path}.${key}`, onDrop);
      if (part.ok && part.value !== undefined) kept[key] = part.value;
    }
    const parsed = inner.safeParse(kept);
    if (parsed.success) return { ok: true, value: parsed.data };
  } else if (inner instanceof z.ZodArray && Array.isArray(value)) {
    const element = inner.element as z.ZodType;
    const items = value.flatMap((item, i) => {
      const part = readLeniently(element, item, `${path}[${i}]`, onDrop);
      return part.ok ? [part.value] : [];
    });
    for (let n = items.length; n >= 0; n -= 1) {
      const parsed = inner.safeParse(items.slice(0, n));
      if (!parsed.success) continue;
      if (n < items.length) onDrop(`${path}[${n}..]`, `more than the ${n} entries allowed`);
      return { ok: true, value: parsed.data };
    }
  } else if (inner instanceof z.ZodRecord && isRecord(value)) {
    const keyType = inner.keyType as z.ZodType;
    const valueType = inner.valueType as z.ZodType;
    const kept: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (!keyType.safeParse(key).success) {
        onDrop(`${path}.${key}`, 'key does not fit');
        continue;
      }
      const part = readLeniently(valueType, item, `${path}.${key}`, onDrop);
      if (part.ok) kept[key] = part.value;
    }
    const parsed = inner.safeParse(kept);
    if (parsed.success) return { ok: true, value: parsed.data };
  }
  onDrop(path, whole.error.issues[0]?.message ?? 'does not fit');
  return { ok: false };
}

/** The stored scenes; a scene that no longer fits is dropped, the others kept. */
export function readScenes(value: unknown, onDrop: DropListener = warnDropped): Scene[] {
  if (!Array.isArray(value)) {
    if (value !== null && value !== undefined) onDrop('scenes', 'not a list');
    return [];
  }
  const seen = new Set<string>();
  return value.flatMap((item, i) => {
    const part = readLeniently(sceneSchema, item, `scenes[${i}]`, onDrop);
    if (!part.ok) return [];
    const scene = part.value as Scene;
    if (seen.has(scene.sceneId)) {
      onDrop(`scenes[${i}]`, 'repeated scene id');
      return [];
    }
    seen.add(scene.sceneId);
    return [scene];
  });
}

/** The stored wizard params, field by field. */
export function readParams(value: unknown, onDrop: DropListener = warnDropped): ProjectParams {
  const read = readLeniently(projectParamsSchema, value ?? {}, 'params', onDrop);
  return read.ok ? (read.value as ProjectParams) : {};
}

/** The stored media references, field by field: one bad entry never takes the others with it. */
export function readAssets(value: unknown, onDrop: DropListener = warnDropped): ProjectAssets {
  const read = readLeniently(projectAssetsSchema, value ?? {}, 'assets', onDrop);
  return read.ok ? (read.value as ProjectAssets) : {};
}

export function toProject(row: ProjectRow): Project {
  return projectOf(row, { scenes: readScenes(row.scenes), params: readParams(row.params), assets: readAssets(row.assets) });
}

type StoredParts = Pick<Project, 'scenes' | 'params' | 'assets'>;

function projectOf(row: ProjectRow, parts: StoredParts): Project {
  return {
    id: row.id,
    title: row.title,
    status: normaliseStatus(row.status),
    aspect: row.aspect as AspectRatio,
    reelTime: row.reel_time,
    currentStep: row.current_step,
    scenes: parts.scenes,
    params: parts.params,
    assets: parts.assets,
    lastError: row.last_error,
    share: row.short_id ? { shortId: row.short_id, views: row.views ?? 0 } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

/** One of the customer's projects; anyone else's, or a malformed id, reads exactly as missing. */
export async function findOwnedProject(db: Executor, userId: string, id: string, options: { lock?: boolean } = {}): Promise<Project> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', projectMessages.notFound, { reason: 'project_not_found' });
  const row = await findProjectRow(db, userId, id, options);
  if (!row) throw new AppError('NOT_FOUND', projectMessages.notFound, { reason: 'project_not_found' });
  return toProject(row);
}

/**
 * What each listed project's stored parts read as, per database (the executor the list ran on), by id,
 * version and creation time: a trigger raises a project's version with every update, so with its id it
 * stands for one stored content (the creation time tells a deleted project from one made again with its id,
 * as a test database emptied for the next test may see), and a list shows the same projects again and
 * again between their changes. Reading them
 * (three checks against the schemas) cost about 50 µs a project. What is kept is frozen and handed out as it
 * is: the lists are only answered, and a caller that tried to change a listed project's parts would throw
 * instead of changing what the next customer's list shows (a deep copy per project was 4 % of the server's
 * CPU a list in bench/api).
 * Past this many projects the memory starts again empty.
 */
const partsByDatabase = new WeakMap<Executor, Map<string, StoredParts>>();
const maxKeptProjects = 5_000;

function listedProject(kept: Map<string, StoredParts>, row: ProjectRow): Project {
  const key = `${row.id}:${row.version}:${row.created_at.getTime()}`;
  let parts = kept.get(key);
  if (!parts) {
    parts = deepFreeze({ scenes: readScenes(row.scenes), params: readParams(row.params), assets: readAssets(row.assets) });
    if (kept.size >= maxKeptProjects) kept.clear();
    kept.set(key, parts);
  }
  return projectOf(row, parts);
}

export async function listOwnedProjects(db: Executor, userId: string, window: { limit: number; offset: number } = { limit: 500, offset: 0 }): Promise<Project[]> {
  const rows = await listProjectRows(db, userId, window);
  let kept = partsByDatabase.get(db);
  if (!kept) partsByDatabase.set(db, (kept = new Map()));
  return rows.map((row) => listedProject(kept, row));
}

/** How many projects the user has, for the paging envelope. */
export function countOwnedProjects(db: Executor, userId: string): Promise<number> {
  return countUserProjects(db, userId);
}
