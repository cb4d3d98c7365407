// The voice catalogue read from the voices table (what the sync wrote): active voices, filtered like
// the local catalogue, held in memory briefly so the wizard's lookups do not each hit the database.
import { findVoiceRow, listActiveVoiceRows, type Database } from '@reelsmith/db';
import { LocalVoiceCatalogue, type Voice, type VoiceCatalogue, type VoiceFilter } from '@reelsmith/media';
import type { Kysely } from 'kysely';

export const TABLE_VOICE_CACHE_MS = 60_000;

type VoiceRow = NonNullable<Awaited<ReturnType<typeof findVoiceRow>>>;

function toVoice(row: VoiceRow): Voice {
  return {
    id: row.provider_voice_id,
    name: row.name,
    gender: row.gender,
    age: row.age,
    situation: row.situation,
    language: row.language,
    accent: row.accent,
    description: row.description,
    emoji: row.emoji,
    ...(row.preview_url ? { audioUrl: row.preview_url } : {}),
  };
}

export class TableVoiceCatalogue implements VoiceCatalogue {
  readonly #db: Kysely<Database>;
  readonly #provider: string;
  readonly #now: () => number;
  readonly #cacheMs: number;
  #cached: { at: number; active: LocalVoiceCatalogue } | undefined;

  constructor(db: Kysely<Database>, provider: string, options: { now?: () => number; cacheMs?: number } = {}) {
    this.#db = db;
    this.#provider = provider;
    this.#now = options.now ?? Date.now;
    this.#cacheMs = options.cacheMs ?? TABLE_VOICE_CACHE_MS;
  }

  async list(filter?: VoiceFilter): Promise<Voice[]> {
    return (await this.#active()).list(filter);
  }

  /** Inactive voices too: a project saved with a voice the provider since dropped still resolves it. */
  async get(id: string): Promise<Voice | undefined> {
    const active = await (await this.#active()).get(id);
    if (active) return active;
    const row = await findVoiceRow(this.#db, this.#provider, id);
    return row ? toVoice(row) : undefined;
  }

  /** Drops the in-memory copy (after a sync) so the next read sees the table. */
  invalidate(): void {
    this.#cached = undefined;
  }

  async #active(): Promise<LocalVoiceCatalogue> {
    if (this.#cached && this.#now() - this.#cached.at < this.#cacheMs) return this.#cached.active;
    const rows = await listActiveVoiceRows(this.#db, this.#provider);
    this.#cached = { at: this.#now(), active: new LocalVoiceCatalogue(rows.map(toVoice)) };
    return this.#cached.active;
  }
}
