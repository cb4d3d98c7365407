import type { Insertable } from 'kysely';
import type { VoicesTable } from '../schema.ts';
import type { Executor } from './users.ts';

const voiceColumns = ['provider_voice_id', 'name', 'gender', 'age', 'situation', 'language', 'accent', 'description', 'emoji', 'preview_url'] as const;

/** Inserts voices, or refreshes them by provider and provider id (and makes them active again). */
export async function upsertVoiceRows(db: Executor, rows: Insertable<VoicesTable>[]): Promise<void> {
  await db
    .insertInto('voices')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['provider', 'provider_voice_id']).doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        gender: eb.ref('excluded.gender'),
        age: eb.ref('excluded.age'),
        situation: eb.ref('excluded.situation'),
        language: eb.ref('excluded.language'),
        accent: eb.ref('excluded.accent'),
        description: eb.ref('excluded.description'),
        emoji: eb.ref('excluded.emoji'),
        preview_url: eb.ref('excluded.preview_url'),
        sort_order: eb.ref('excluded.sort_order'),
        is_active: true,
        synced_at: eb.ref('excluded.synced_at'),
      })),
    )
    .execute();
}

/** Deactivates the provider's active voices not in `listedIds`; answers how many. */
export async function deactivateVoicesNotIn(db: Executor, provider: string, listedIds: string[], at: Date): Promise<number> {
  const result = await db
    .updateTable('voices')
    .set({ is_active: false, synced_at: at })
    .where('provider', '=', provider)
    .where('is_active', '=', true)
    .where('provider_voice_id', 'not in', listedIds)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** One voice of the provider, active or not. */
export function findVoiceRow(db: Executor, provider: string, providerVoiceId: string) {
  return db.selectFrom('voices').select(voiceColumns).where('provider', '=', provider).where('provider_voice_id', '=', providerVoiceId).executeTakeFirst();
}

/** The provider's active voices in catalogue order. */
export function listActiveVoiceRows(db: Executor, provider: string) {
  return db.selectFrom('voices').select(voiceColumns).where('provider', '=', provider).where('is_active', '=', true).orderBy('sort_order').orderBy('name').execute();
}
