import { testDatabaseKinds } from '@reelsmith/db/testing';
import { createProviderEngine } from '@reelsmith/media';
import { createFakeElevenLabs, FAKE_ELEVENLABS_VOICES, type FakeElevenLabsVoice } from '@reelsmith/media/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVoiceCatalogue, type SyncedVoices } from '../src/voice-catalogue.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

// With TTS_PROVIDER=elevenlabs the server serves GET /api/voices from the synced voices table, wired
// as deps.ts wires it; the fake ElevenLabs going down afterwards changes nothing for customers.
describe.each(testDatabaseKinds())('GET /api/voices from the synced table on %s', (kind) => {
  const library: FakeElevenLabsVoice[] = FAKE_ELEVENLABS_VOICES.map((v) => ({ ...v }));
  const elevenlabs = createFakeElevenLabs('xi-test', library);
  let t: TestApp;
  let synced: SyncedVoices;

  beforeAll(async () => {
    const base = await elevenlabs.start();
    t = await buildTestApp(kind, { TTS_PROVIDER: 'elevenlabs', ELEVENLABS_API_KEY: 'xi-test', ELEVENLABS_BASE_URL: base, PROVIDER_MAX_RETRIES: '0' }, undefined, { work: false });
    t.app.core.engine = createProviderEngine(t.config.providers);
    synced = await startVoiceCatalogue(t.config.providers, t.db.db, quiet, { work: false });
    t.app.core.engine.voices = synced.voices!;
  });
  afterAll(async () => {
    synced?.stop();
    await t?.close();
    await elevenlabs.close().catch(() => undefined);
  });

  it('lists the stored voices, filtered, without asking the provider again', async () => {
    const before = elevenlabs.requestsTo(/\/v1\/voices/).length;
    const all = await t.app.inject({ method: 'GET', url: '/api/voices' });
    expect(all.statusCode).toBe(200);
    expect(all.json().map((v: { id: string }) => v.id)).toEqual(FAKE_ELEVENLABS_VOICES.map((v) => v.voice_id));
    expect(all.json()[1]).toEqual({
      id: 'JBFqnCBsd6RMkjVDRZzb', name: 'George', gender: 'male', age: 'middle_aged', situation: 'warm', language: 'en', accent: 'British',
      description: 'Warm resonance that instantly captivates listeners.', emoji: '🌿', audioUrl: 'https://example.invalid/george.mp3',
    });
    const seniors = await t.app.inject({ method: 'GET', url: '/api/voices?gender=male&age=senior' });
    expect(seniors.json().map((v: { name: string }) => v.name)).toEqual(['Bill']);
    expect(elevenlabs.requestsTo(/\/v1\/voices/)).toHaveLength(before);
    const rows = await t.db.db.selectFrom('voices').select(['provider_voice_id', 'is_active']).where('provider', '=', 'elevenlabs').execute();
    expect(rows).toHaveLength(3);
  });

  it('keeps serving the table when the provider is down at start-up', async () => {
    await elevenlabs.close();
    const again = await startVoiceCatalogue(t.config.providers, t.db.db, quiet, { work: false });
    const res = await t.app.inject({ method: 'GET', url: '/api/voices' });
    expect(res.json().map((v: { name: string }) => v.name)).toEqual(['Sarah', 'George', 'Bill']);
    expect((await again.voices!.list()).map((v) => v.name)).toEqual(['Sarah', 'George', 'Bill']);
    again.stop();
  });
});
