import { DAILY_VIDEO_CAP, defaultSystemSettings, settingsGroups } from '@reelsmith/shared';
import { insertSystemSettingIfAbsent } from '@reelsmith/db';
import type { CoreDeps } from '../deps.ts';

/**
 * Stores the settings groups an admin has not saved yet. The daily video cap starts at the
 * customer specification's 1000 (the back-office form's own fallback of 10 applies only to a
 * value missing from storage).
 */
export async function seedSystemSettings(deps: CoreDeps): Promise<void> {
  for (const group of settingsGroups) {
    const value = group === 'general' ? { ...defaultSystemSettings.general, maxVideosPerDay: DAILY_VIDEO_CAP } : defaultSystemSettings[group];
    await insertSystemSettingIfAbsent(deps.db, group, value);
  }
}
