import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@reelsmith/db/testing';
import { ElevenLabsVoiceCatalogue, type ElevenLabsConfig } from '@reelsmith/media';
import { createFakeElevenLabs, FAKE_ELEVENLABS_VOICES, type FakeElevenLabsVoice } from '@reelsmith/media/fakes';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refreshVoiceCatalogue } from './voice-catalogue-refresh.ts';
import { syncVoiceCatalogue } from './voice-catalogue-sync.ts';
import { TableVoiceCatalogue } from './voice-catalogue-table.ts';

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const policy = { timeoutMs: 5_000, maxRetries: 0, baseDelayMs: 10, maxDelayMs: 50 };

// The ElevenLabs library synchronised into the voices table, against the loopback fake of its API.
describe.each(testDatabaseKinds())('voice catalogue sync on %s', (kind) => {
  let t: TestDatabase;
  let library: FakeElevenLabsVoice[];
  let fake: ReturnType<typeof createFakeElevenLabs>;
  let source: ElevenLabsVoiceCatalogue;
  let now: Date;
  const deps = () => ({ db: t.db, clock: { now: () => now }, logger: quiet });
  const rows = () =>
    t.db.selectFrom('voices').select(['provider', 'provider_voice_id', 'name', 'gender', 'age', 'situation', 'language', 'accent', 'description', 'emoji', 'preview_url', 'is_active', 'synced_at']).orderBy('sort_order').execute();

  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    library = FAKE_ELEVENLABS_VOICES.map((v) => ({ ...v }));
    fake = createFakeElevenLabs('xi-test', library);
    const config: ElevenLabsConfig = { apiKey: 'xi-test', baseUrl: await fake.start(), policy, modelId: 'eleven_multilingual_v2', outputFormat: 'mp3_44100_128', prices: { eleven_multilingual_v2: { usdPer1kCharacters: 0.3 } } };
    source = new ElevenLabsVoiceCatalogue(config);
    now = new Date('2026-11-22T10:00:00Z');
    await t.reset();
  });
  afterEach(async () => {
    await fake.close().catch(() => undefined);
  });

  it("writes every provider voice with the spec's fields and its preview URL", async () => {
    const result = await syncVoiceCatalogue(deps(), source);
    expect(result).toMatchObject({ provider: 'elevenlabs', listed: 3, deactivated: 0 });
    const stored = await rows();
    expect(stored.map((r) => r.provider_voice_id)).toEqual(FAKE_ELEVENLABS_VOICES.map((v) => v.voice_id));
    expect(stored[0]).toEqual({
      provider: 'elevenlabs',
      provider_voice_id: 'EXAVITQu4vr4xnSDxMaL',
      name: 'Sarah',
      gender: 'female',
      age: 'young',
      situation: 'energetic',
      language: 'multilingual',
      accent: 'American',
      description: 'Young adult woman with a confident and warm, mature quality.',
      emoji: '⚡',
      preview_url: 'https://example.invalid/sarah.mp3',
      is_active: true,
      synced_at: now,
    });
    expect(stored[2]).toMatchObject({ name: 'Bill', gender: 'male', age: 'senior', situation: 'professional', language: 'en' });
    const catalogue = new TableVoiceCatalogue(t.db, 'elevenlabs');
    expect((await catalogue.list({ gender: 'male' })).map((v) => v.name)).toEqual(['George', 'Bill']);
    expect((await catalogue.list({ age: 'senior' })).map((v) => v.name)).toEqual(['Bill']);
    expect((await catalogue.list({ language: 'multilingual' })).map((v) => v.name)).toEqual(['Sarah']);
  });

  it('marks a voice the provider dropped inactive, keeps it resolvable, and revives it when listed again', async () => {
    await syncVoiceCatalogue(deps(), source);
    const [george] = library.splice(1, 1);
    now = new Date('2026-11-22T16:00:00Z');
    const result = await syncVoiceCatalogue(deps(), source);
    expect(result).toMatchObject({ listed: 2, deactivated: 1 });
    const stored = await rows();
    expect(stored).toHaveLength(3);
    expect(stored.find((r) => r.provider_voice_id === george!.voice_id)).toMatchObject({ is_active: false, synced_at: now });
    const catalogue = new TableVoiceCatalogue(t.db, 'elevenlabs');
    expect((await catalogue.list()).map((v) => v.name)).toEqual(['Sarah', 'Bill']);
    expect(await catalogue.get(george!.voice_id)).toMatchObject({ id: george!.voice_id, name: 'George', gender: 'male' });
    expect(await catalogue.get('no-such-voice')).toBeUndefined();

    library.push(george!);
    await syncVoiceCatalogue(deps(), source);
    expect((await rows()).filter((r) => r.is_active)).toHaveLength(3);
  });

  it('is idempotent: a re-sync of the same library changes nothing but the sync time', async () => {
    await syncVoiceCatalogue(deps(), source);
    const first = await rows();
    now = new Date('2026-11-22T16:00:00Z');
    const again = await syncVoiceCatalogue(deps(), source);
    expect(again).toMatchObject({ listed: 3, deactivated: 0 });
    const second = await rows();
    expect(second.map(({ synced_at: _s, ...r }) => r)).toEqual(first.map(({ synced_at: _s, ...r }) => r));
    expect(second.every((r) => r.synced_at.getTime() === now.getTime())).toBe(true);
  });

  it('keeps serving the last synced copy when the provider is down, and refuses an empty library', async () => {
    const catalogue = new TableVoiceCatalogue(t.db, 'elevenlabs', { cacheMs: 0 });
    expect(await refreshVoiceCatalogue(deps(), source, catalogue)).toMatchObject({ listed: 3 });
    library.length = 0;
    await expect(syncVoiceCatalogue(deps(), source)).rejects.toThrow(/empty/);
    await fake.close();
    const warnings: object[] = [];
    const result = await refreshVoiceCatalogue({ ...deps(), logger: { ...quiet, warn: (o: object) => void warnings.push(o) } }, source, catalogue);
    expect(result).toBeUndefined();
    expect(warnings).toEqual([expect.objectContaining({ provider: 'elevenlabs' })]);
    expect((await catalogue.list()).map((v) => v.name)).toEqual(['Sarah', 'George', 'Bill']);
    expect((await rows()).every((r) => r.is_active)).toBe(true);
  });
});
