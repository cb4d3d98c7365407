import { createHash } from 'node:crypto';
import { normaliseLanguage } from './catalogue.ts';
import { SYNTH_PROFILES_VERSION } from './synth-profiles.ts';

/** Spec §9: a voice preview reads at most the first 100 characters of the text. */
export const PREVIEW_TEXT_LENGTH = 100;

/**
 * The first 100 characters (code points, so emoji are never split) with whitespace collapsed, cut at
 * the last word boundary; a single word longer than that is cut hard.
 */
export function previewText(text: string, maxLength: number = PREVIEW_TEXT_LENGTH): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  if (chars.length <= maxLength) return chars.join('');
  const head = chars.slice(0, maxLength);
  if (chars[maxLength] === ' ') return head.join('').trimEnd();
  const lastSpace = head.lastIndexOf(' ');
  const cut = lastSpace > 0 ? head.slice(0, lastSpace) : head;
  return cut.join('').replace(/[\s,;:–—-]+$/u, '');
}

/**
 * Key under which the service caches a voice preview: the same voice, preview text, speed (to 0.01)
 * and language give the same sha256 hex; a change to the synthesiser profiles changes every key.
 */
export function previewCacheKey(voiceId: string, text: string, speed: number, language?: string): string {
  const lang = normaliseLanguage(language);
  const parts = ['voice-preview', SYNTH_PROFILES_VERSION, voiceId, previewText(text), speed.toFixed(2), lang === undefined || lang === 'multilingual' ? 'en' : lang];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}
