// The ElevenLabs voice library (GET /v1/voices) as our catalogue, with the spec's fields read from
// each voice's labels. Cached for five minutes (spec §9), and the last good list is kept when a
// refresh fails.
import type { Voice, VoiceAge, VoiceCatalogue, VoiceFilter, VoiceGender, VoiceSituation } from '../../engines.ts';
import { LocalVoiceCatalogue } from '../../voices/catalogue.ts';
import { callProvider } from '../call-provider.ts';
import type { ElevenLabsConfig } from '../provider-config.ts';
import { elevenLabsClient, ELEVENLABS_PROVIDER, type ElevenLabsClientSource } from './elevenlabs-client.ts';

export const VOICE_CACHE_MS = 5 * 60_000;

export interface ProviderVoice {
  voiceId: string;
  name?: string | undefined;
  labels?: Record<string, string> | undefined;
  description?: string | undefined;
  highQualityBaseModelIds?: string[] | undefined;
  verifiedLanguages?: { language?: string }[] | undefined;
  previewUrl?: string | undefined;
}

/** A provider voice in the spec's shape plus where the provider keeps its sample. */
export interface ListedVoice extends Voice {
  previewUrl: string | null;
}

const label = (voice: ProviderVoice, key: string) => (voice.labels?.[key] ?? '').trim().toLowerCase();

function genderOf(voice: ProviderVoice): VoiceGender {
  const g = label(voice, 'gender');
  return g === 'female' ? 'female' : g === 'male' ? 'male' : 'non-binary';
}

function ageOf(voice: ProviderVoice): VoiceAge {
  const a = label(voice, 'age').replace(/[\s-]+/g, '_');
  if (a === 'old' || a === 'senior' || a === 'elderly') return 'senior';
  if (a === 'middle_aged' || a === 'middle') return 'middle_aged';
  return 'young';
}

function situationOf(voice: ProviderVoice): VoiceSituation {
  const text = `${label(voice, 'use_case')} ${label(voice, 'use case')} ${label(voice, 'descriptive')} ${label(voice, 'description')}`;
  if (/news|professional|business|informative|authoritative|corporate/.test(text)) return 'professional';
  if (/social|energetic|upbeat|excited|hype|advert|characters/.test(text)) return 'energetic';
  if (/meditation|calm|soothing|sleep|relax/.test(text)) return 'calm';
  if (/warm|narrat|story|audiobook|friendly/.test(text)) return 'warm';
  return 'conversational';
}

const emojis: Record<VoiceSituation, string> = { conversational: '💬', professional: '💼', energetic: '⚡', calm: '🧘', warm: '🌿' };

/** One provider voice in the spec's shape (id, name, gender, age, situation, language, accent, description, emoji). */
export function toVoice(voice: ProviderVoice): Voice {
  const multilingual =
    (voice.verifiedLanguages?.length ?? 0) > 1 || (voice.highQualityBaseModelIds ?? []).some((m) => /multilingual|v3|flash_v2_5|turbo_v2_5/.test(m));
  const situation = situationOf(voice);
  const accent = label(voice, 'accent');
  return {
    id: voice.voiceId,
    name: voice.name?.split(/\s+-\s+/)[0]?.trim() || voice.voiceId,
    gender: genderOf(voice),
    age: ageOf(voice),
    situation,
    language: multilingual ? 'multilingual' : 'en',
    accent: accent ? accent.replace(/\b\w/g, (c) => c.toUpperCase()) : 'American',
    description: (voice.description ?? voice.labels?.description ?? '').trim().slice(0, 300) || `${situation[0]!.toUpperCase()}${situation.slice(1)} voice.`,
    emoji: emojis[situation],
  };
}

export class ElevenLabsVoiceCatalogue implements VoiceCatalogue {
  readonly provider = ELEVENLABS_PROVIDER;
  readonly #client: ElevenLabsClientSource;
  readonly #config: ElevenLabsConfig;
  readonly #now: () => number;
  #cached: { at: number; catalogue: LocalVoiceCatalogue } | undefined;

  constructor(config: ElevenLabsConfig, options: { now?: () => number } = {}) {
    this.#config = config;
    this.#client = elevenLabsClient(config);
    this.#now = options.now ?? Date.now;
  }

  async list(filter?: VoiceFilter): Promise<Voice[]> {
    return (await this.#catalogue()).list(filter);
  }

  async get(id: string): Promise<Voice | undefined> {
    return (await this.#catalogue()).get(id);
  }

  /** The provider's whole library, mapped, in its order; no caching (what a table sync reads). */
  async fetchVoices(): Promise<ListedVoice[]> {
    const client = await this.#client();
    const response = await callProvider(ELEVENLABS_PROVIDER, this.#config.policy, (signal) =>
      client.voices.getAll({ showLegacy: false }, { abortSignal: signal, maxRetries: 0 }),
    );
    return (response.voices ?? []).map((voice) => ({ ...toVoice(voice), previewUrl: voice.previewUrl?.trim() || null }));
  }

  /** Fetches the library now (the five-minute cache is refreshed on the next read after it expires). */
  async sync(): Promise<Voice[]> {
    const voices = (await this.fetchVoices()).map(({ previewUrl: _previewUrl, ...voice }) => voice);
    this.#cached = { at: this.#now(), catalogue: new LocalVoiceCatalogue(voices) };
    return voices;
  }

  async #catalogue(): Promise<LocalVoiceCatalogue> {
    if (this.#cached && this.#now() - this.#cached.at < VOICE_CACHE_MS) return this.#cached.catalogue;
    try {
      await this.sync();
    } catch (err) {
      if (!this.#cached) throw err;
    }
    return this.#cached!.catalogue;
  }
}
