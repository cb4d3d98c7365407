/** Seconds rounded to the millisecond, as timings are stored and compared. */
export function roundSeconds(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
