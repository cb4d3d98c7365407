// With ElevenLabs speaking, the voices come from our voices table: synced at start (a failure
// only warns; the table's last copy keeps serving) and every six hours in processes that run workers.
import { refreshVoiceCatalogue, scheduleVoiceCatalogueSync, systemClock, TableVoiceCatalogue, type Logger } from '@reelsmith/core';
import type { Database } from '@reelsmith/db';
import { ElevenLabsVoiceCatalogue, type ProvidersConfig, type VoiceCatalogue } from '@reelsmith/media';
import type { Kysely } from 'kysely';

export interface SyncedVoices {
  /** The table-backed catalogue, or undefined when speech is local (it keeps its built-in list). */
  voices: VoiceCatalogue | undefined;
  stop(): void;
}

export async function startVoiceCatalogue(providers: ProvidersConfig, db: Kysely<Database>, logger: Logger, options: { work: boolean }): Promise<SyncedVoices> {
  if (providers.tts !== 'elevenlabs' || !providers.elevenlabs) return { voices: undefined, stop: () => undefined };
  const source = new ElevenLabsVoiceCatalogue(providers.elevenlabs);
  const voices = new TableVoiceCatalogue(db, source.provider);
  const deps = { db, clock: systemClock, logger };
  // With a stored copy the server starts at once and the sync finishes in the background; only the
  // very first start, with nothing to serve, waits for the provider's list.
  const hasStoredCopy = (await voices.list()).length > 0;
  const firstSync = refreshVoiceCatalogue(deps, source, voices);
  if (!hasStoredCopy) await firstSync;
  const stop = options.work ? scheduleVoiceCatalogueSync(deps, source, voices) : () => undefined;
  return { voices, stop };
}
