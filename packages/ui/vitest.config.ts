import { defineConfig } from 'vitest/config';

// Unit tests (*.test.ts) run in Node; component tests (*.test.tsx) in jsdom with the browser stand-ins.
// A file's first render warms jsdom and Mantine: a fraction of a second alone, but it has taken 7 s
// while turbo ran builds and database suites beside it on two cores, hence the longer timeout. The
// components keep no module state, so their files share the worker's modules (isolate: false).
export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'unit', environment: 'node', include: ['src/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'components', environment: 'jsdom', include: ['src/**/*.test.tsx'], setupFiles: ['./src/testing/setup.ts'], testTimeout: 180_000, isolate: false },
      },
    ],
  },
});
