import type { SettingsKey } from '../schema.ts';
import type { Executor } from './users.ts';

/** Every stored settings group, by key. */
export function listSystemSettings(db: Executor): Promise<{ key: SettingsKey; value: unknown }[]> {
  return db.selectFrom('system_settings').select(['key', 'value']).execute();
}

/** One stored settings group's value, or undefined when it was never saved. */
export async function findSystemSetting(db: Executor, key: SettingsKey): Promise<unknown> {
  const row = await db.selectFrom('system_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Stores each settings group unless it was saved before, in one statement. */
export async function insertSystemSettingsIfAbsent(db: Executor, groups: { key: SettingsKey; value: unknown }[]): Promise<void> {
  if (groups.length === 0) return;
  await db
    .insertInto('system_settings')
    .values(groups.map(({ key, value }) => ({ key, value: JSON.stringify(value) })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** Stores a settings group as an admin saved it, over what was stored. */
export async function upsertSystemSetting(db: Executor, key: SettingsKey, value: unknown, adminId: string): Promise<void> {
  await db
    .insertInto('system_settings')
    .values({ key, value: JSON.stringify(value), updated_by_admin_id: adminId })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_by_admin_id: adminId }))
    .execute();
}
