import { defineConfig } from 'vitest/config';

// Each test file builds its own app on its own database, so files run side by side. Many files spend
// much of their time waiting (job heartbeats, retries, child processes), so four workers keep the two
// cores busy: 284 s instead of 426 s for the suite (docs/benchmarks.md).
export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 120_000, maxWorkers: 4 } });
