import { upsertSystemSetting } from '@reelsmith/db';
import { changedSettingNames, maskSettings, settingsGroups, unmaskSettings, type SystemSettings } from '@reelsmith/shared';
import type { CoreDeps } from '../../deps.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import { readSystemSettings } from '../../settings/system-settings.ts';
import type { PlatformStatusCache } from '../../settings/platform-status-cache.ts';
import type { AdminActor } from '../admin-actor.ts';

/** The settings as the screen holds them, secrets masked. */
export async function getMaskedSettings(deps: CoreDeps): Promise<SystemSettings> {
  return maskSettings(await readSystemSettings(deps));
}

/**
 * Stores the whole settings object (a masked secret keeps the stored one) and audits the names of
 * the settings that changed — never their values — in the same transaction.
 */
export async function saveSystemSettings(
  deps: CoreDeps & { platformStatus?: PlatformStatusCache | undefined },
  actor: AdminActor,
  incoming: SystemSettings,
): Promise<{ settings: SystemSettings; changed: string[] }> {
  const saved = await deps.db.transaction().execute(async (trx) => {
    const stored = await readSystemSettings(deps, trx);
    const next = unmaskSettings(incoming, stored);
    const changed = changedSettingNames(stored, next);
    for (const group of settingsGroups) {
      await upsertSystemSetting(trx, group, next[group], actor.id);
    }
    await writeAudit(trx, {
      action: 'settings_update',
      severity: changed.includes('features.maintenanceMode') ? 'warning' : 'info',
      userType: 'admin',
      adminId: actor.id,
      adminEmail: actor.email,
      ipAddress: actor.ip,
      resourceType: 'settings',
      details: { settingName: changed.join(', ') || null, changed },
    });
    return { settings: maskSettings(next), changed };
  });
  // This process's kept feature switches go at once; the others hear the trigger's notification.
  deps.platformStatus?.forget();
  return saved;
}
