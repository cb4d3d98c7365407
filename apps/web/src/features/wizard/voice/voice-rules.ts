import { VOICE_PREVIEW_CHARS, VOICE_SPEED, type Scene, type VoiceInfo } from '@reelsmith/shared';

/** Spec §5: 0.7, 0.8 … 1.2 (the slider's stops). */
export function speedSteps(): number[] {
  const count = Math.round((VOICE_SPEED.max - VOICE_SPEED.min) / VOICE_SPEED.step);
  return Array.from({ length: count + 1 }, (_, i) => Math.round((VOICE_SPEED.min + i * VOICE_SPEED.step) * 10) / 10);
}

/** A speed snapped to the nearest stop within 0.7–1.2; anything else reads as the default 1.0. */
export function clampSpeed(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return VOICE_SPEED.default;
  const bounded = Math.min(VOICE_SPEED.max, Math.max(VOICE_SPEED.min, value));
  return Math.round(bounded * 10) / 10;
}

export function speedLabel(speed: number): string {
  return `${clampSpeed(speed).toFixed(1)}x`;
}

/** Every scene's speed (saved or chosen), 1.0 where none is set. */
export function sceneSpeeds(scenes: readonly Pick<Scene, 'sceneId'>[], chosen: Readonly<Record<string, number>> | undefined): Record<string, number> {
  return Object.fromEntries(scenes.map((scene) => [scene.sceneId, clampSpeed(chosen?.[scene.sceneId])]));
}

/** Every scene has its voiceover audio. */
export function allScenesVoiced(scenes: readonly Pick<Scene, 'sceneId'>[], voiceover: Readonly<Record<string, string>> | undefined): boolean {
  return scenes.length > 0 && scenes.every((scene) => Boolean(voiceover?.[scene.sceneId]));
}

/** The preview reads the first 100 characters of the script (or of the scenes, or a greeting). */
export function previewText(script: string | undefined, scenes: readonly Pick<Scene, 'text'>[], voiceName: string): string {
  const source = script?.trim() || scenes.map((scene) => scene.text).join(' ').trim() || `Hi, I'm ${voiceName}. I can read your script for you.`;
  return source.slice(0, VOICE_PREVIEW_CHARS);
}

/** The details saved with the voiceover (params.voiceover.voiceDetails). */
export function voiceDetails(voice: VoiceInfo): Record<string, string> {
  const { name, gender, age, accent, description, situation } = voice;
  return { name, gender, age, accent, description, situation };
}

const words: Record<string, string> = {
  female: 'Female',
  male: 'Male',
  'non-binary': 'Non-binary',
  young: 'Young',
  middle_aged: 'Middle-aged',
  senior: 'Senior',
  en: 'English',
  multilingual: 'Multilingual',
};

/** 'middle_aged' → 'Middle-aged', 'conversational' → 'Conversational'. */
export function humanise(value: string): string {
  return words[value] ?? value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, ' ');
}

export const languageOptions = [
  { value: '', label: 'All languages' },
  { value: 'en', label: 'English' },
  { value: 'multilingual', label: 'Multilingual' },
];
export const genderOptions = [
  { value: '', label: 'All genders' },
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'non-binary', label: 'Non-binary' },
];
export const ageOptions = [
  { value: '', label: 'All ages' },
  { value: 'young', label: 'Young' },
  { value: 'middle_aged', label: 'Middle-aged' },
  { value: 'senior', label: 'Senior' },
];
