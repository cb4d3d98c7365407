// Small signal measurements on mono PCM, used to check that voices really differ and to level them.

/** Root mean square of samples, 0 to 1 (full scale). */
export function rms(samples: ArrayLike<number>, start = 0, end = samples.length): number {
  const to = Math.min(end, samples.length);
  if (to <= start) return 0;
  let sum = 0;
  for (let i = start; i < to; i++) {
    const v = (samples[i] ?? 0) / 32768;
    sum += v * v;
  }
  return Math.sqrt(sum / (to - start));
}

/** Largest absolute sample, 0 to 1. */
export function peak(samples: ArrayLike<number>): number {
  let max = 0;
  for (let i = 0; i < samples.length; i++) max = Math.max(max, Math.abs(samples[i] ?? 0));
  return max / 32768;
}

/** Sign changes per second: higher for bright, hissy or high-pitched sound. */
export function zeroCrossingRate(samples: ArrayLike<number>, sampleRate: number): number {
  if (samples.length < 2) return 0;
  let crossings = 0;
  for (let i = 1; i < samples.length; i++) {
    if ((samples[i - 1] ?? 0) < 0 !== (samples[i] ?? 0) < 0) crossings++;
  }
  return (crossings * sampleRate) / samples.length;
}

/**
 * Median fundamental frequency (Hz) over the loud, voiced 40 ms windows, by normalised
 * autocorrelation between 60 and 400 Hz; null when nothing voiced is found.
 */
export function medianPitchHz(samples: ArrayLike<number>, sampleRate: number): number | null {
  const window = Math.round(sampleRate * 0.04);
  const hop = Math.round(sampleRate * 0.02);
  const minLag = Math.floor(sampleRate / 400);
  const maxLag = Math.ceil(sampleRate / 60);
  const loudest = rms(samples);
  const pitches: number[] = [];
  for (let start = 0; start + window + maxLag <= samples.length; start += hop) {
    if (rms(samples, start, start + window) < loudest * 0.5) continue;
    const scores: number[] = [];
    let best = 0;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let cross = 0;
      let energyA = 0;
      let energyB = 0;
      for (let i = start; i < start + window; i++) {
        const a = samples[i] ?? 0;
        const b = samples[i + lag] ?? 0;
        cross += a * b;
        energyA += a * a;
        energyB += b * b;
      }
      const score = cross / Math.sqrt(energyA * energyB || 1);
      scores.push(score);
      best = Math.max(best, score);
    }
    // The first peak close to the best avoids octave errors (period multiples score nearly as well).
    let bestLag = 0;
    for (let k = 1; k < scores.length - 1; k++) {
      const score = scores[k] ?? 0;
      if (score >= best * 0.9 && score >= (scores[k - 1] ?? 0) && score >= (scores[k + 1] ?? 0)) {
        bestLag = minLag + k;
        break;
      }
    }
    if (best > 0.6 && bestLag > 0) pitches.push(sampleRate / bestLag);
  }
  if (pitches.length === 0) return null;
  pitches.sort((a, b) => a - b);
  return pitches[Math.floor(pitches.length / 2)] ?? null;
}
