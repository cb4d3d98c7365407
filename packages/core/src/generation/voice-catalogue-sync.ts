// Copies the TTS provider's voice library into the voices table: every listed voice upserted, the
// ones no longer listed marked inactive (never deleted: saved projects keep their voice id).
import { deactivateVoicesNotIn, upsertVoiceRows, type Database } from '@reelsmith/db';
import type { ListedVoice } from '@reelsmith/media';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../deps.ts';

/** Where the voices come from: the provider's name (the table's key) and its full, mapped list. */
export interface VoiceSource {
  readonly provider: string;
  fetchVoices(): Promise<ListedVoice[]>;
}

export interface VoiceSyncDeps {
  db: Kysely<Database>;
  clock: Clock;
}

export interface VoiceSyncResult {
  provider: string;
  listed: number;
  deactivated: number;
  syncedAt: Date;
}

function uniqueById(voices: ListedVoice[]): ListedVoice[] {
  const seen = new Set<string>();
  return voices.filter((v) => !seen.has(v.id) && seen.add(v.id));
}

async function upsertVoices(trx: Transaction<Database>, provider: string, voices: ListedVoice[], syncedAt: Date): Promise<void> {
  const rows = voices.map((v, index) => ({
    provider,
    provider_voice_id: v.id,
    name: v.name,
    gender: v.gender,
    age: v.age,
    situation: v.situation,
    language: v.language,
    accent: v.accent,
    description: v.description,
    emoji: v.emoji,
    preview_url: v.previewUrl,
    sort_order: index,
    is_active: true,
    synced_at: syncedAt,
  }));
  await upsertVoiceRows(trx, rows);
}

async function deactivateUnlisted(trx: Transaction<Database>, provider: string, listedIds: string[], syncedAt: Date): Promise<number> {
  return deactivateVoicesNotIn(trx, provider, listedIds, syncedAt);
}

/**
 * Fetches the provider's list (outside the transaction: a slow provider holds no lock), then writes
 * it in one transaction. An empty list is refused rather than deactivating the whole catalogue.
 */
export async function syncVoiceCatalogue(deps: VoiceSyncDeps, source: VoiceSource): Promise<VoiceSyncResult> {
  const voices = uniqueById(await source.fetchVoices());
  if (voices.length === 0) throw new Error(`The ${source.provider} voice library came back empty; the stored catalogue is kept.`);
  const syncedAt = deps.clock.now();
  const deactivated = await deps.db.transaction().execute(async (trx) => {
    await upsertVoices(trx, source.provider, voices, syncedAt);
    return deactivateUnlisted(
      trx,
      source.provider,
      voices.map((v) => v.id),
      syncedAt,
    );
  });
  return { provider: source.provider, listed: voices.length, deactivated, syncedAt };
}
