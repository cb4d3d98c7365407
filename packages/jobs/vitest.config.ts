import { defineConfig } from 'vitest/config';

// No file keeps module state, so a worker's files share its modules and PGlite's compiled binary.
export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 60_000, isolate: false } });
