import { defineConfig } from 'vitest/config';

// Most files wait on ffmpeg, espeak-ng or a fake provider's clock: three workers keep two cores busy
// (about 50 s instead of 94 s for the suite).
export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 60_000, maxWorkers: 3 } });
