// SubRip (.srt) and WebVTT (.vtt) files of caption cues.
import type { CaptionCue } from './caption-cues.ts';

/** SubRip: numbered cues, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, the lines, a blank line. */
export function toSrt(cues: readonly CaptionCue[]): string {
  return cues.map((cue, i) => `${i + 1}\n${clock(cue.startSeconds, ',')} --> ${clock(cue.endSeconds, ',')}\n${cue.lines.map(plainLine).join('\n')}\n`).join('\n');
}

/** WebVTT: the header, then `HH:MM:SS.mmm --> HH:MM:SS.mmm` cues; text escaped as the format asks. */
export function toWebVtt(cues: readonly CaptionCue[]): string {
  const body = cues.map((cue, i) => `${i + 1}\n${clock(cue.startSeconds, '.')} --> ${clock(cue.endSeconds, '.')}\n${cue.lines.map(vttLine).join('\n')}\n`);
  return ['WEBVTT\n', ...body].join('\n');
}

function clock(seconds: number, separator: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${separator}${pad(ms % 1000, 3)}`;
}

/** A line never holds a line break (a blank line would end the cue early). */
function plainLine(line: string): string {
  return line.replace(/[\r\n]+/g, ' ');
}

/** WebVTT cue text is markup: &, < and > are written as character references. */
function vttLine(line: string): string {
  return plainLine(line).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
