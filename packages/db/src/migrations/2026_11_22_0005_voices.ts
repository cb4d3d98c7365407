import { sql, type Kysely } from 'kysely';

// The text-to-speech provider's voice catalogue, synchronised into our own table with the spec's
// fields. Voices the provider no longer lists are marked inactive, never deleted: saved projects
// keep their voice id and must still resolve it.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE voices (
    provider text NOT NULL CHECK (provider <> ''),
    provider_voice_id text NOT NULL CHECK (provider_voice_id <> ''),
    name text NOT NULL,
    gender text NOT NULL CHECK (gender IN ('female', 'male', 'non-binary')),
    age text NOT NULL CHECK (age IN ('young', 'middle_aged', 'senior')),
    situation text NOT NULL CHECK (situation IN ('conversational', 'professional', 'energetic', 'calm', 'warm')),
    language text NOT NULL CHECK (language IN ('multilingual', 'en')),
    accent text NOT NULL,
    description text NOT NULL,
    emoji text NOT NULL,
    preview_url text,
    sort_order integer NOT NULL DEFAULT 0,
    is_active boolean NOT NULL DEFAULT true,
    synced_at timestamptz NOT NULL DEFAULT now(),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, provider_voice_id)
  )`.execute(db);
  await sql`CREATE INDEX voices_active_idx ON voices (provider, sort_order) WHERE is_active`.execute(db);
}
