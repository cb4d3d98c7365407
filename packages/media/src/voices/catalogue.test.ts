import { describe, expect, it } from 'vitest';
import type { VoiceAge, VoiceGender, VoiceSituation } from '../engines.ts';
import { LOCAL_VOICES, LocalVoiceCatalogue, normaliseLanguage } from './catalogue.ts';
import { SPEECH_LANGUAGES, SYNTH_PROFILES } from './synth-profiles.ts';

const GENDERS: VoiceGender[] = ['female', 'male', 'non-binary'];
const AGES: VoiceAge[] = ['young', 'middle_aged', 'senior'];
const SITUATIONS: VoiceSituation[] = ['conversational', 'professional', 'energetic', 'calm', 'warm'];

describe('LOCAL_VOICES', () => {
  it('offers at least 25 voices with unique, stable-looking ids and names', () => {
    expect(LOCAL_VOICES.length).toBeGreaterThanOrEqual(25);
    const ids = LOCAL_VOICES.map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(LOCAL_VOICES.map((v) => v.name)).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^rs-[a-z]+$/);
  });

  it('fills every field with an allowed value', () => {
    for (const voice of LOCAL_VOICES) {
      expect(Object.keys(voice).sort()).toEqual(['accent', 'age', 'description', 'emoji', 'gender', 'id', 'language', 'name', 'situation']);
      expect(GENDERS).toContain(voice.gender);
      expect(AGES).toContain(voice.age);
      expect(SITUATIONS).toContain(voice.situation);
      expect(['en', 'multilingual']).toContain(voice.language);
      expect(voice.name.trim()).not.toBe('');
      expect(voice.accent.trim()).not.toBe('');
      expect(voice.description.length).toBeGreaterThan(20);
      expect(voice.description.length).toBeLessThanOrEqual(100);
      expect(voice.description).not.toContain('\n');
      expect(voice.emoji).toMatch(/^\p{Extended_Pictographic}/u);
    }
  });

  it('covers every gender, age and situation, several accents and at least 5 multilingual voices', () => {
    for (const gender of GENDERS) expect(LOCAL_VOICES.some((v) => v.gender === gender)).toBe(true);
    for (const age of AGES) expect(LOCAL_VOICES.some((v) => v.age === age)).toBe(true);
    for (const situation of SITUATIONS) expect(LOCAL_VOICES.some((v) => v.situation === situation)).toBe(true);
    expect(new Set(LOCAL_VOICES.map((v) => v.accent)).size).toBeGreaterThanOrEqual(5);
    expect(LOCAL_VOICES.filter((v) => v.language === 'multilingual').length).toBeGreaterThanOrEqual(5);
  });

  it('maps every voice to its own synthesiser profile and has no orphan profiles', () => {
    expect(Object.keys(SYNTH_PROFILES).sort()).toEqual(LOCAL_VOICES.map((v) => v.id).sort());
    const configs = Object.values(SYNTH_PROFILES).map((p) => JSON.stringify(p));
    expect(new Set(configs).size).toBe(configs.length);
  });

  it('gives every multilingual voice an espeak-ng voice for each language it reads', () => {
    for (const voice of LOCAL_VOICES.filter((v) => v.language === 'multilingual')) {
      const profile = SYNTH_PROFILES[voice.id];
      expect(profile?.engine).toBe('espeak-ng');
      if (profile?.engine !== 'espeak-ng') continue;
      expect(Object.keys(profile.languages ?? {}).sort()).toEqual(SPEECH_LANGUAGES.filter((l) => l !== 'en').sort());
    }
    for (const voice of LOCAL_VOICES.filter((v) => v.language === 'en')) {
      const profile = SYNTH_PROFILES[voice.id];
      expect(profile?.engine === 'espeak-ng' ? profile.languages : undefined).toBeUndefined();
    }
  });

  it('keeps the pitch and pace in line with each voice’s traits', () => {
    const espeak = LOCAL_VOICES.flatMap((v) => {
      const p = SYNTH_PROFILES[v.id];
      return p?.engine === 'espeak-ng' ? [{ voice: v, profile: p }] : [];
    });
    const meanRate = (pick: (v: (typeof espeak)[number]) => boolean): number => {
      const rates = espeak.filter(pick).map((e) => e.profile.rate);
      return rates.reduce((a, b) => a + b, 0) / rates.length;
    };
    expect(meanRate((e) => e.voice.situation === 'energetic')).toBeGreaterThan(meanRate((e) => e.voice.situation !== 'energetic'));
    expect(meanRate((e) => e.voice.situation === 'calm')).toBeLessThan(meanRate((e) => e.voice.situation !== 'calm'));
    expect(meanRate((e) => e.voice.age === 'senior')).toBeLessThan(meanRate((e) => e.voice.age === 'middle_aged'));
    expect(meanRate((e) => e.voice.age === 'young')).toBeGreaterThan(meanRate((e) => e.voice.age === 'middle_aged'));
  });
});

describe('LocalVoiceCatalogue', () => {
  const catalogue = new LocalVoiceCatalogue();

  it('lists every voice in a stable order without a filter, or with empty filter values', async () => {
    const all = await catalogue.list();
    expect(all.map((v) => v.id)).toEqual(LOCAL_VOICES.map((v) => v.id));
    expect(await catalogue.list({ language: '', gender: '', age: undefined })).toEqual(all);
    expect(await catalogue.list()).toEqual(all);
  });

  it('lists English and multilingual voices for English, only multilingual ones for multilingual', async () => {
    expect((await catalogue.list({ language: 'en' })).length).toBe(LOCAL_VOICES.length);
    expect((await catalogue.list({ language: 'en-GB' })).length).toBe(LOCAL_VOICES.length);
    const multilingual = await catalogue.list({ language: 'multilingual' });
    expect(multilingual.length).toBeGreaterThanOrEqual(5);
    expect(multilingual.every((v) => v.language === 'multilingual')).toBe(true);
    expect((await catalogue.list({ language: 'es' })).map((v) => v.id)).toEqual(multilingual.map((v) => v.id));
    expect(await catalogue.list({ language: 'ja' })).toEqual([]);
  });

  it('filters by gender and age, combined and case-insensitively', async () => {
    const women = await catalogue.list({ gender: 'female' });
    expect(women.length).toBeGreaterThan(0);
    expect(women.every((v) => v.gender === 'female')).toBe(true);
    const seniorMen = await catalogue.list({ gender: 'Male', age: 'senior' });
    expect(seniorMen.length).toBeGreaterThan(0);
    expect(seniorMen.every((v) => v.gender === 'male' && v.age === 'senior')).toBe(true);
    expect((await catalogue.list({ gender: 'non-binary' })).length).toBe(LOCAL_VOICES.filter((v) => v.gender === 'non-binary').length);
    const mid = await catalogue.list({ age: 'middle_aged', language: 'multilingual' });
    expect(mid.every((v) => v.age === 'middle_aged' && v.language === 'multilingual')).toBe(true);
    expect(await catalogue.list({ gender: 'robot' })).toEqual([]);
  });

  it('gets a voice by id and returns copies callers cannot use to change the catalogue', async () => {
    const ava = await catalogue.get('rs-ava');
    expect(ava?.name).toBe('Ava');
    expect(await catalogue.get('nope')).toBeUndefined();
    if (ava) ava.name = 'Changed';
    expect((await catalogue.get('rs-ava'))?.name).toBe('Ava');
  });

  it('normalises language codes', () => {
    expect(normaliseLanguage(undefined)).toBeUndefined();
    expect(normaliseLanguage(' ')).toBeUndefined();
    expect(normaliseLanguage('pt-BR')).toBe('pt');
    expect(normaliseLanguage('Multilingual')).toBe('multilingual');
  });
});
