// Burned-in captions as an ASS script for libass (ffmpeg's `ass` filter). Two looks:
//  - clean: a lower-third of up to two lines, white on a translucent dark box;
//  - highlight: two or three words at a time, large, bold and outlined, the word being spoken in
//    yellow (the word-by-word look of short video).
// Sizes follow the frame's short side, so 360p and 1080p renders look the same.
import type { CaptionPosition, CaptionStyle } from '@reelsmith/shared';
import type { CaptionCue, CueLimits } from './caption-cues.ts';
import { captionArea, type CaptionArea, type ClearBox } from './caption-placement.ts';


/** The font drawn with (Debian's fonts-dejavu-core, installed with the system packages). */
export const CAPTION_FONT = 'DejaVu Sans';
/** The spoken word in the highlight style: #FFE500 (ASS colours are &HAABBGGRR). */
const HIGHLIGHT = '&H0000E5FF&';

export interface CaptionLayout {
  fontSize: number;
  limits: CueLimits;
  marginV: number;
  /** Share of the frame's width the text uses when nothing is in the way. */
  textShare: number;
  /** The block's height in pixels at most (all lines, with the box or outline). */
  blockHeight: number;
}

/** Font size, cue limits and margin for a style in a frame; `textWidth` narrows the lines (captions set beside an object). */
export function captionLayout(style: CaptionStyle, width: number, height: number, textWidth?: number): CaptionLayout {
  const short = Math.min(width, height);
  if (style === 'highlight') {
    const fontSize = Math.max(24, Math.round(short * 0.085));
    const textShare = 0.9;
    // Bold capitals are about 0.68 em wide on average in DejaVu Sans Bold.
    const lineChars = Math.max(8, Math.floor((textWidth ?? width * textShare) / (fontSize * 0.68)));
    return { fontSize, limits: { lineChars, lines: 1, words: 3 }, marginV: Math.round(height * 0.14), textShare, blockHeight: Math.ceil(fontSize * 1.2 + 2 * outlineOf(fontSize)) };
  }
  const fontSize = Math.max(18, Math.round(short * 0.058));
  const textShare = 0.86;
  const lineChars = Math.min(42, Math.max(12, Math.floor((textWidth ?? width * textShare) / (fontSize * 0.56))));
  return { fontSize, limits: { lineChars, lines: 2, words: 14 }, marginV: Math.round(height * 0.07), textShare, blockHeight: Math.ceil(2 * fontSize * 1.2 + 2 * boxPaddingOf(fontSize)) };
}

const outlineOf = (fontSize: number) => Math.max(2, Math.round(fontSize * 0.09));
const boxPaddingOf = (fontSize: number) => Math.max(2, Math.round(fontSize * 0.28));

/**
 * The layout and place of the captions in a frame: the chosen place, or the nearest one that keeps
 * clear of `keepClear` (caption-placement.ts), with lines cut to the width left there.
 */
export function captionPlan(style: CaptionStyle, position: CaptionPosition, width: number, height: number, keepClear: readonly ClearBox[] = []): { layout: CaptionLayout; area: CaptionArea } {
  const base = captionLayout(style, width, height);
  const area = captionArea({ position, width, height, blockHeight: base.blockHeight, marginV: base.marginV, textShare: base.textShare, keepClear });
  return { layout: captionLayout(style, width, height, area.textWidth), area };
}

export interface AssOptions {
  style: CaptionStyle;
  position: CaptionPosition;
  width: number;
  height: number;
  /** Parts of the picture the captions keep clear of (the face, the product). */
  keepClear?: readonly ClearBox[] | undefined;
}

/** The whole ASS script for cues grouped with `captionPlan(…).layout.limits` (the same options). */
export function assScript(cues: readonly CaptionCue[], options: AssOptions): string {
  const { style, position, width, height } = options;
  const { layout, area } = captionPlan(style, position, width, height, options.keepClear);
  const fs = layout.fontSize;
  const place = `${area.alignment},${area.marginL},${area.marginR},${area.marginV}`;
  const styleLine =
    style === 'highlight'
      ? `Style: Caption,${CAPTION_FONT},${fs},&H00FFFFFF,&H00FFFFFF,&H00000000,&H99000000,-1,0,0,0,100,100,0,0,1,${outlineOf(fs)},${Math.max(1, Math.round(fs * 0.04))},${place},1`
      : `Style: Caption,${CAPTION_FONT},${fs},&H00FFFFFF,&H00FFFFFF,&H5A101010,&H5A101010,0,0,0,0,100,100,0,0,3,${boxPaddingOf(fs)},0,${place},1`;
  const events = style === 'highlight' ? cues.flatMap(highlightEvents) : cues.map((cue) => dialogue(cue.startSeconds, cue.endSeconds, cue.lines.map(escapeText).join('\\N')));
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${width}`,
    `PlayResY: ${height}`,
    'WrapStyle: 2',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    styleLine,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events,
    '',
  ].join('\n');
}

/** One event per spoken word: the cue's words in capitals, the current one in the highlight colour. */
function highlightEvents(cue: CaptionCue): string[] {
  const words = cue.words.map((w) => escapeText(w.text.toLocaleUpperCase()));
  return cue.words.map((word, i) => {
    const start = i === 0 ? cue.startSeconds : word.startSeconds;
    const end = cue.words[i + 1]?.startSeconds ?? cue.endSeconds;
    const text = words.map((w, k) => (k === i ? `{\\c${HIGHLIGHT}}${w}{\\c&H00FFFFFF&}` : w)).join(' ');
    return dialogue(start, Math.max(end, start + 0.01), text);
  });
}

function dialogue(start: number, end: number, text: string): string {
  return `Dialogue: 0,${assTime(start)},${assTime(end)},Caption,,0,0,0,,${text}`;
}

/** H:MM:SS.cc */
function assTime(seconds: number): string {
  const cs = Math.max(0, Math.round(seconds * 100));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(cs / 360_000)}:${pad(Math.floor(cs / 6000) % 60)}:${pad(Math.floor(cs / 100) % 60)}.${pad(cs % 100)}`;
}

/**
 * The customer's words are text, never markup: braces would open override tags and a backslash
 * starts \N-style codes, so they are drawn as look-alikes.
 */
export function escapeText(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/\\/g, '\u2216').replace(/\{/g, '(').replace(/\}/g, ')');
}
