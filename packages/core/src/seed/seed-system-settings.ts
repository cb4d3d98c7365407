import { defaultSystemSettings, settingsGroups } from '@reelsmith/shared';
import { insertSystemSettingIfAbsent } from '@reelsmith/db';
import type { CoreDeps } from '../deps.ts';

/** Stores the settings groups an admin has not saved yet, with the defaults of `defaultSystemSettings`. */
export async function seedSystemSettings(deps: CoreDeps): Promise<void> {
  for (const group of settingsGroups) {
    await insertSystemSettingIfAbsent(deps.db, group, defaultSystemSettings[group]);
  }
}
