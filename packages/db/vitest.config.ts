import { defineConfig } from 'vitest/config';

// No file keeps module state, so a worker's files share its modules and PGlite's compiled binary.
export default defineConfig({ test: { testTimeout: 180_000, hookTimeout: 300_000, isolate: false } });
