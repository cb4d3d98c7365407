import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The files that run longest, mostly waiting (provider callbacks and their slow poll, a killed worker's job recovered after pg-boss's 10 s
 * heartbeat, dead letters, real renders), start first, so the other workers fill the cores beside
 * them and the suite does not end on one of them alone. Vitest would otherwise start the largest
 * files first on a fresh clone (it has no timings yet), which left the worker-crash file starting
 * two thirds of the way through and the last 100 s to it.
 */
const longestFirst = ['provider-webhooks', 'worker-crash', 'dead-letter', 'webhooks', 'generation', 'providers', 'cross-site', 'billing-stripe-events', 'projects', 'entitlements', 'concurrency'];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const at = longestFirst.findIndex((name) => spec.moduleId.endsWith(`/${name}.test.ts`));
      return at === -1 ? longestFirst.length : at;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

// Each test file builds its own app on its own database, so files run side by side. Many files spend
// much of their time waiting (job heartbeats, retries, child processes), so four workers keep the two
// cores busy (docs/benchmarks.md). Files keep no module state of their own (every app, database and
// peer is built per file), so a worker's files share its modules (isolate: false): importing the
// server's module graph cost about 7 s of CPU per file when every file loaded it again.
// The timeouts only stop a test that hangs: on a slow machine of this kind, busy with the browser tests
// beside this suite, files have been seen to take four times as long as they do alone.
export default defineConfig({
  test: { testTimeout: 180_000, hookTimeout: 300_000, maxWorkers: 4, isolate: false, sequence: { sequencer: LongestFirst } },
});
