import { defineConfig } from 'vitest/config';

// Database files wait on PGlite and PostgreSQL as much as they compute: three workers on two cores.
export default defineConfig({ test: { testTimeout: 30_000, hookTimeout: 60_000, maxWorkers: 3 } });
