import { defineConfig } from 'vitest/config';

// Most files wait on ffmpeg, espeak-ng or a fake provider's clock: three workers keep two cores busy
// (about 50 s instead of 94 s for the suite). No file keeps module state, so a worker's files share
// its modules (isolate: false).
export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 60_000, maxWorkers: 3, isolate: false } });
