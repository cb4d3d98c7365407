// Leading and trailing silence cut in memory, so the caller knows exactly how much was cut from the
// start (word timings move by that much). Same rule as ffmpeg's silenceremove with
// start_threshold=-45dB and start_silence=0.1 at both ends: up to 0.1 s of quiet is kept.

/** -45 dBFS on a 16-bit scale. */
const THRESHOLD = Math.round(32768 * 10 ** (-45 / 20));
const KEEP_SECONDS = 0.1;

/** The sound's span [start, end) in samples; an empty span when nothing rises above the threshold. */
export function soundSpan(samples: Int16Array, sampleRate: number): { start: number; end: number } {
  let first = -1;
  for (let i = 0; i < samples.length; i++) {
    if (Math.abs(samples[i]!) > THRESHOLD) {
      first = i;
      break;
    }
  }
  if (first < 0) return { start: 0, end: 0 };
  let last = first;
  for (let i = samples.length - 1; i > first; i--) {
    if (Math.abs(samples[i]!) > THRESHOLD) {
      last = i;
      break;
    }
  }
  const keep = Math.round(sampleRate * KEEP_SECONDS);
  return { start: Math.max(0, first - keep), end: Math.min(samples.length, last + 1 + keep) };
}
