// How each catalogue voice is produced offline. Kept apart from the public Voice so the catalogue the
// customer sees never leaks engine details, and provider adapters can map the same ids elsewhere.

/** Languages the local engine can read; anything else is refused. */
export const SPEECH_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt'] as const;
export type SpeechLanguage = (typeof SPEECH_LANGUAGES)[number];
export type ForeignLanguage = Exclude<SpeechLanguage, 'en'>;

/** Bump when any profile below changes how a voice sounds, so cached previews are redone. */
export const SYNTH_PROFILES_VERSION = 1;

export interface EspeakProfile {
  engine: 'espeak-ng';
  /** espeak-ng language voice used for English text (sets the accent), e.g. 'en-gb-scotland'. */
  voice: string;
  /** espeak-ng variant appended as `voice+variant` (sets gender and timbre), e.g. 'f3'. */
  variant: string;
  /** Base pitch, espeak `-p` 0 to 99 (50 is the engine default). */
  pitch: number;
  /** Words per minute at speed 1.0, espeak `-s`; scaled by the requested speed. */
  rate: number;
  /** Extra pause between words in units of 10 ms, espeak `-g` (calmer voices). */
  wordGap?: number;
  /**
   * Multilingual voices only: the espeak-ng language voice for each non-English language. The
   * variant, pitch and rate stay the same, so the voice keeps its character in every language.
   */
  languages?: Readonly<Record<ForeignLanguage, string>>;
}

export interface FliteProfile {
  engine: 'flite';
  voice: 'slt' | 'kal' | 'kal16' | 'awb' | 'rms';
  /** Target mean pitch in Hz (`int_f0_target_mean`); omitted keeps the voice's own. */
  f0Mean?: number;
  /** Duration stretch at speed 1.0 (`duration_stretch`, above 1 is slower); divided by the speed. */
  stretch: number;
}

export type SynthProfile = EspeakProfile | FliteProfile;

/** European espeak-ng voices; the Latin American and Brazilian ones for voices that suit them. */
const EUROPEAN: Readonly<Record<ForeignLanguage, string>> = { es: 'es', fr: 'fr', de: 'de', it: 'it', pt: 'pt' };
const AMERICAS: Readonly<Record<ForeignLanguage, string>> = { es: 'es-419', fr: 'fr', de: 'de', it: 'it', pt: 'pt-br' };

/**
 * One profile per catalogue voice id. Pitch and rate follow the voice's traits: young voices are
 * brighter and quicker, seniors lower and slower, energetic voices fastest, calm ones slowest with
 * a little gap between words; non-binary voices sit in the middle pitch range (about 140-170 Hz).
 */
export const SYNTH_PROFILES: Readonly<Record<string, SynthProfile>> = {
  // Female
  'rs-ava': { engine: 'espeak-ng', voice: 'en-us', variant: 'f5', pitch: 72, rate: 200 },
  'rs-maya': { engine: 'flite', voice: 'slt', f0Mean: 205, stretch: 0.95 },
  'rs-chloe': { engine: 'espeak-ng', voice: 'en', variant: 'Annie', pitch: 60, rate: 172 },
  'rs-zoe': { engine: 'espeak-ng', voice: 'en-029', variant: 'f3', pitch: 64, rate: 182 },
  'rs-olivia': { engine: 'espeak-ng', voice: 'en-gb-x-rp', variant: 'f2', pitch: 48, rate: 168 },
  'rs-grace': { engine: 'flite', voice: 'slt', stretch: 1.12 },
  'rs-isla': { engine: 'espeak-ng', voice: 'en-gb-scotland', variant: 'f4', pitch: 42, rate: 160 },
  'rs-harper': { engine: 'espeak-ng', voice: 'en-us-nyc', variant: 'linda', pitch: 56, rate: 198 },
  'rs-margaret': { engine: 'espeak-ng', voice: 'en', variant: 'grandma', pitch: 38, rate: 142 },
  'rs-ruth': { engine: 'espeak-ng', voice: 'en-us', variant: 'f1', pitch: 42, rate: 145, wordGap: 2 },
  'rs-sofia': { engine: 'espeak-ng', voice: 'en-us', variant: 'anika', pitch: 66, rate: 192, languages: AMERICAS },
  'rs-camille': { engine: 'espeak-ng', voice: 'en', variant: 'belinda', pitch: 50, rate: 165, languages: EUROPEAN },
  // Male
  'rs-leo': { engine: 'espeak-ng', voice: 'en-us', variant: 'm3', pitch: 66, rate: 205 },
  'rs-noah': { engine: 'flite', voice: 'rms', stretch: 0.94 },
  'rs-ethan': { engine: 'espeak-ng', voice: 'en-gb-x-gbclan', variant: 'm7', pitch: 56, rate: 178 },
  'rs-kofi': { engine: 'espeak-ng', voice: 'en-029', variant: 'm6', pitch: 46, rate: 170 },
  'rs-james': { engine: 'espeak-ng', voice: 'en-gb-x-rp', variant: 'm2', pitch: 42, rate: 166 },
  'rs-daniel': { engine: 'flite', voice: 'kal16', f0Mean: 108, stretch: 1 },
  'rs-callum': { engine: 'flite', voice: 'awb', stretch: 1.12 },
  'rs-arthur': { engine: 'espeak-ng', voice: 'en', variant: 'm1', pitch: 34, rate: 140 },
  'rs-walter': { engine: 'flite', voice: 'kal', f0Mean: 88, stretch: 1.1 },
  'rs-hugo': { engine: 'espeak-ng', voice: 'en', variant: 'Hugo', pitch: 54, rate: 182, languages: EUROPEAN },
  'rs-mateo': { engine: 'espeak-ng', voice: 'en-us', variant: 'Diogo', pitch: 44, rate: 162, languages: AMERICAS },
  'rs-henri': { engine: 'espeak-ng', voice: 'en', variant: 'grandpa', pitch: 28, rate: 145, wordGap: 2, languages: EUROPEAN },
  // Non-binary
  'rs-river': { engine: 'espeak-ng', voice: 'en-us', variant: 'f4', pitch: 28, rate: 200 },
  'rs-sky': { engine: 'espeak-ng', voice: 'en', variant: 'm3', pitch: 84, rate: 180 },
  'rs-alex': { engine: 'espeak-ng', voice: 'en-gb-x-gbcwmd', variant: 'f2', pitch: 22, rate: 150, wordGap: 1 },
  'rs-jordan': { engine: 'flite', voice: 'slt', f0Mean: 150, stretch: 1 },
  'rs-sage': { engine: 'flite', voice: 'awb', f0Mean: 155, stretch: 1.14 },
  'rs-robin': { engine: 'espeak-ng', voice: 'en-us', variant: 'Andy', pitch: 82, rate: 170, languages: AMERICAS },
};

export function synthProfileFor(voiceId: string): SynthProfile | undefined {
  return Object.hasOwn(SYNTH_PROFILES, voiceId) ? SYNTH_PROFILES[voiceId] : undefined;
}
