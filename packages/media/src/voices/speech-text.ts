// Text cleaning before synthesis: engines read symbols aloud ("asterisk", "hash") or choke on emoji.

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|[\u{1F3FB}-\u{1F3FF}]|\u{FE0E}|\u{FE0F}|\u{200D}|\u{20E3}/gu;
const MARKDOWN_LINK = /!?\[([^\]]*)\]\([^)]*\)/g;
const SYMBOLS_READ_ALOUD = /[*_`~#<>|{}[\]\\^]/g;
const HTML_TAG = /<\/?[a-z][^<>]{0,80}>/gi;
const CONTROL = /[\p{Cc}\p{Cf}]/gu;

/** Removes emoji, markdown and markup symbols; keeps words, numbers and ordinary punctuation. */
export function cleanSpeechText(text: string): string {
  return text
    .normalize('NFC')
    .replace(MARKDOWN_LINK, '$1')
    .replace(HTML_TAG, ' ')
    .replace(EMOJI, ' ')
    .replace(/#(\d)/g, 'number $1')
    .replace(/^\s*(?:[-+]|\d+\.)\s+/gm, '') // list bullets
    .replace(SYMBOLS_READ_ALOUD, ' ')
    .replace(CONTROL, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** True when there is something to pronounce (a letter or a digit). */
export function hasSpeakableText(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

/** flite reads English only and drops accented letters; folding them keeps "café" a word. */
export function foldToAscii(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[‘’‚′]/g, "'")
    .replace(/[“”„″]/g, '"')
    .replace(/[–—]/g, ', ')
    .replace(/…/g, '...')
    .replace(/[^\x20-\x7e\n]/g, ' ');
}
