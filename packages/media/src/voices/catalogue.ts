import type { Voice, VoiceCatalogue, VoiceFilter } from '../engines.ts';
import { SPEECH_LANGUAGES } from './synth-profiles.ts';

/**
 * The voices the local engine offers, in display order. Ids are stable: projects store them.
 * Accents are the ones espeak-ng and flite actually produce (no Australian, Irish or Indian English
 * exists in either), so the labels never promise an accent the audio lacks.
 */
export const LOCAL_VOICES: readonly Voice[] = [
  // Female
  { id: 'rs-ava', name: 'Ava', gender: 'female', age: 'young', situation: 'energetic', language: 'en', accent: 'American', description: 'Upbeat and bright, made for hooks, trends and product launches.', emoji: '🎉' },
  { id: 'rs-maya', name: 'Maya', gender: 'female', age: 'young', situation: 'conversational', language: 'en', accent: 'American', description: 'Friendly, chatty tone for vlogs, reviews and day-in-the-life clips.', emoji: '💬' },
  { id: 'rs-chloe', name: 'Chloe', gender: 'female', age: 'young', situation: 'warm', language: 'en', accent: 'British', description: 'Soft and welcoming, good for beauty and lifestyle content.', emoji: '🌸' },
  { id: 'rs-zoe', name: 'Zoe', gender: 'female', age: 'young', situation: 'professional', language: 'en', accent: 'Caribbean', description: 'Crisp and confident, for explainers and quick tech tips.', emoji: '💡' },
  { id: 'rs-olivia', name: 'Olivia', gender: 'female', age: 'middle_aged', situation: 'professional', language: 'en', accent: 'British (RP)', description: 'Polished newsreader delivery for finance, training and corporate updates.', emoji: '💼' },
  { id: 'rs-grace', name: 'Grace', gender: 'female', age: 'middle_aged', situation: 'calm', language: 'en', accent: 'American', description: 'Even and reassuring, for wellness routines and onboarding.', emoji: '🧘' },
  { id: 'rs-isla', name: 'Isla', gender: 'female', age: 'middle_aged', situation: 'warm', language: 'en', accent: 'Scottish', description: 'Gentle Scottish lilt for storytelling and coaching.', emoji: '🌿' },
  { id: 'rs-harper', name: 'Harper', gender: 'female', age: 'middle_aged', situation: 'energetic', language: 'en', accent: 'American (New York)', description: 'Fast-talking and punchy, built for sales pitches and promos.', emoji: '⚡' },
  { id: 'rs-margaret', name: 'Margaret', gender: 'female', age: 'senior', situation: 'warm', language: 'en', accent: 'British', description: 'Kindly and homely, for recipes, family brands and stories.', emoji: '🍵' },
  { id: 'rs-ruth', name: 'Ruth', gender: 'female', age: 'senior', situation: 'calm', language: 'en', accent: 'American', description: 'Slow and soothing, for meditation and bedtime reads.', emoji: '🌙' },
  { id: 'rs-sofia', name: 'Sofia', gender: 'female', age: 'young', situation: 'energetic', language: 'multilingual', accent: 'American', description: 'Lively voice that also speaks Spanish, French, German, Italian and Portuguese.', emoji: '🌍' },
  { id: 'rs-camille', name: 'Camille', gender: 'female', age: 'middle_aged', situation: 'professional', language: 'multilingual', accent: 'British', description: 'Clear presenter who switches between the main European languages.', emoji: '🗺️' },
  // Male
  { id: 'rs-leo', name: 'Leo', gender: 'male', age: 'young', situation: 'energetic', language: 'en', accent: 'American', description: 'High-energy hype voice for gaming, fitness and trends.', emoji: '🔥' },
  { id: 'rs-noah', name: 'Noah', gender: 'male', age: 'young', situation: 'conversational', language: 'en', accent: 'American', description: "Relaxed and natural, like a friend's voice note.", emoji: '🎧' },
  { id: 'rs-ethan', name: 'Ethan', gender: 'male', age: 'young', situation: 'warm', language: 'en', accent: 'Northern English', description: 'Down-to-earth Lancashire warmth for testimonials.', emoji: '🤝' },
  { id: 'rs-kofi', name: 'Kofi', gender: 'male', age: 'middle_aged', situation: 'conversational', language: 'en', accent: 'Caribbean', description: 'Easy-going island rhythm for food, travel and hospitality.', emoji: '🌴' },
  { id: 'rs-james', name: 'James', gender: 'male', age: 'middle_aged', situation: 'professional', language: 'en', accent: 'British (RP)', description: 'Authoritative and precise, for corporate, legal and real estate.', emoji: '🏛️' },
  { id: 'rs-daniel', name: 'Daniel', gender: 'male', age: 'middle_aged', situation: 'conversational', language: 'en', accent: 'American', description: 'Plain-spoken everyday narrator for how-tos and FAQs.', emoji: '🛠️' },
  { id: 'rs-callum', name: 'Callum', gender: 'male', age: 'middle_aged', situation: 'calm', language: 'en', accent: 'Scottish', description: 'Measured Scottish voice for education and explainers.', emoji: '📚' },
  { id: 'rs-arthur', name: 'Arthur', gender: 'male', age: 'senior', situation: 'warm', language: 'en', accent: 'British', description: 'Fatherly and unhurried, for heritage brands and stories.', emoji: '🎩' },
  { id: 'rs-walter', name: 'Walter', gender: 'male', age: 'senior', situation: 'professional', language: 'en', accent: 'American', description: 'Low, vintage radio-announcer register for bold statements.', emoji: '📻' },
  { id: 'rs-hugo', name: 'Hugo', gender: 'male', age: 'young', situation: 'professional', language: 'multilingual', accent: 'British', description: 'Sharp young presenter at home in six languages.', emoji: '🎤' },
  { id: 'rs-mateo', name: 'Mateo', gender: 'male', age: 'middle_aged', situation: 'warm', language: 'multilingual', accent: 'American', description: 'Warm storyteller; Latin American Spanish and Brazilian Portuguese too.', emoji: '☀️' },
  { id: 'rs-henri', name: 'Henri', gender: 'male', age: 'senior', situation: 'calm', language: 'multilingual', accent: 'British', description: 'Gentle, worldly elder who reads several languages slowly.', emoji: '🕰️' },
  // Non-binary
  { id: 'rs-river', name: 'River', gender: 'non-binary', age: 'young', situation: 'energetic', language: 'en', accent: 'American', description: 'Bright, upbeat mid-range voice for social trends.', emoji: '🌈' },
  { id: 'rs-sky', name: 'Sky', gender: 'non-binary', age: 'young', situation: 'conversational', language: 'en', accent: 'British', description: 'Casual and mellow, for vlogs and behind-the-scenes clips.', emoji: '☁️' },
  { id: 'rs-alex', name: 'Alex', gender: 'non-binary', age: 'middle_aged', situation: 'calm', language: 'en', accent: 'West Midlands', description: 'Soft-spoken guide for walkthroughs and tutorials.', emoji: '🍃' },
  { id: 'rs-jordan', name: 'Jordan', gender: 'non-binary', age: 'middle_aged', situation: 'professional', language: 'en', accent: 'American', description: 'Neutral, balanced narrator for product demos.', emoji: '🧭' },
  { id: 'rs-sage', name: 'Sage', gender: 'non-binary', age: 'senior', situation: 'warm', language: 'en', accent: 'Scottish', description: 'Wise and kindly, with a soft Scottish burr.', emoji: '🦉' },
  { id: 'rs-robin', name: 'Robin', gender: 'non-binary', age: 'middle_aged', situation: 'conversational', language: 'multilingual', accent: 'American', description: 'Approachable voice for tutorials in several languages.', emoji: '🗣️' },
];

/** Lower-cased primary subtag: 'es-MX' → 'es'; '' or undefined → undefined (any). */
export function normaliseLanguage(language: string | undefined): string | undefined {
  const trimmed = language?.trim().toLowerCase();
  if (!trimmed || trimmed === 'all' || trimmed === 'any') return undefined;
  return trimmed === 'multilingual' ? trimmed : trimmed.split(/[-_]/)[0];
}

function readsLanguage(voice: Voice, language: string | undefined): boolean {
  if (language === undefined) return true;
  // English lists every voice (multilingual ones read English too); 'multilingual' only those.
  if (language === 'en') return true;
  if (language === 'multilingual') return voice.language === 'multilingual';
  // Another language the engine speaks: only multilingual voices read it.
  return voice.language === 'multilingual' && (SPEECH_LANGUAGES as readonly string[]).includes(language);
}

function matches(value: string, wanted: string | undefined): boolean {
  const w = wanted?.trim().toLowerCase().replace('-', '_');
  if (!w || w === 'all' || w === 'any') return true;
  return value.replace('-', '_') === w;
}

/** The built-in catalogue; filters are case-insensitive and an empty filter value means any. */
export class LocalVoiceCatalogue implements VoiceCatalogue {
  readonly #voices: readonly Voice[];

  constructor(voices: readonly Voice[] = LOCAL_VOICES) {
    this.#voices = voices;
  }

  async list(filter: VoiceFilter = {}): Promise<Voice[]> {
    const language = normaliseLanguage(filter.language);
    return this.#voices
      .filter((voice) => readsLanguage(voice, language) && matches(voice.gender, filter.gender) && matches(voice.age, filter.age))
      .map((voice) => ({ ...voice }));
  }

  async get(id: string): Promise<Voice | undefined> {
    const voice = this.#voices.find((v) => v.id === id);
    return voice ? { ...voice } : undefined;
  }
}
