import { defineConfig } from 'vitest/config';

// Database files wait on PGlite and PostgreSQL as much as they compute: three workers on two cores.
// No file keeps module state (each builds its own database and deps), so a worker's files share its
// modules and PGlite's compiled binary (isolate: false) instead of loading them again per file.
export default defineConfig({ test: { testTimeout: 180_000, hookTimeout: 300_000, maxWorkers: 3, isolate: false } });
