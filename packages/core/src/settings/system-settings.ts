import { systemSettingsSchema, type SystemSettings } from '@reelsmith/shared';
import { listSystemSettings, type Executor } from '@reelsmith/db';
import type { CoreDeps } from '../deps.ts';

/** The stored settings merged over the defaults; a group that fails validation falls back to defaults. */
export async function readSystemSettings(deps: Pick<CoreDeps, 'db' | 'logger'>, db: Executor = deps.db): Promise<SystemSettings> {
  const rows = await listSystemSettings(db);
  const stored: Record<string, unknown> = {};
  for (const row of rows) stored[row.key] = row.value;
  const parsed = systemSettingsSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  deps.logger.warn({ issues: parsed.error.issues.length }, 'stored system settings are invalid; using defaults');
  return systemSettingsSchema.parse({});
}
