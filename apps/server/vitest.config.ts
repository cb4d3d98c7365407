import { defineConfig } from 'vitest/config';

// Each test file builds its own app on its own database, so files can run side by side (2 cores).
export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 120_000, maxWorkers: 2 } });
