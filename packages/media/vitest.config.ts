import { defineConfig } from 'vitest/config';

// Most files wait on ffmpeg, espeak-ng or a fake provider's clock: three workers keep two cores busy
// (about 50 s instead of 94 s for the suite). No file keeps module state, so a worker's files share
// its modules (isolate: false).
// The timeouts only stop a test that hangs: on a slow, busy machine (a 2-core machine running the browser
// tests beside this suite) a test that takes 13 s alone has been seen to take four times as long.
export default defineConfig({ test: { testTimeout: 180_000, hookTimeout: 300_000, maxWorkers: 3, isolate: false } });
