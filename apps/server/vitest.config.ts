import { defineConfig } from 'vitest/config';

// Each test file builds its own app on its own database, so files run side by side. Many files spend
// much of their time waiting (job heartbeats, retries, child processes), so four workers keep the two
// cores busy (docs/benchmarks.md). Files keep no module state of their own (every app, database and
// peer is built per file), so a worker's files share its modules (isolate: false): importing the
// server's module graph cost about 7 s of CPU per file when every file loaded it again.
export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 120_000, maxWorkers: 4, isolate: false } });
