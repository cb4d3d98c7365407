import { changedSettingNames, maskSettings, settingsGroups, unmaskSettings, type SystemSettings } from '@reelsmith/shared';
import type { CoreDeps } from '../../deps.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import { readSystemSettings } from '../../settings/system-settings.ts';
import type { AdminActor } from '../admin-actor.ts';

/** The settings as the screen holds them, secrets masked. */
export async function getMaskedSettings(deps: CoreDeps): Promise<SystemSettings> {
  return maskSettings(await readSystemSettings(deps));
}

/**
 * Stores the whole settings object (a masked secret keeps the stored one) and audits the names of
 * the settings that changed — never their values — in the same transaction.
 */
export async function saveSystemSettings(deps: CoreDeps, actor: AdminActor, incoming: SystemSettings): Promise<{ settings: SystemSettings; changed: string[] }> {
  return deps.db.transaction().execute(async (trx) => {
    const stored = await readSystemSettings(deps, trx);
    const next = unmaskSettings(incoming, stored);
    const changed = changedSettingNames(stored, next);
    for (const group of settingsGroups) {
      await trx
        .insertInto('system_settings')
        .values({ key: group, value: JSON.stringify(next[group]), updated_by_admin_id: actor.id })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(next[group]), updated_by_admin_id: actor.id }))
        .execute();
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
}
