import { defaultSystemSettings, settingsGroups } from '@reelsmith/shared';
import { insertSystemSettingsIfAbsent } from '@reelsmith/db';
import type { CoreDeps } from '../deps.ts';

/** Stores the settings groups an admin has not saved yet, with the defaults of `defaultSystemSettings`. */
export async function seedSystemSettings(deps: CoreDeps): Promise<void> {
  await insertSystemSettingsIfAbsent(
    deps.db,
    settingsGroups.map((key) => ({ key, value: defaultSystemSettings[key] })),
  );
}
