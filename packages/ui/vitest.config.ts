import { defineConfig } from 'vitest/config';

// Unit tests (*.test.ts) run in Node; component tests (*.test.tsx) in jsdom with the browser stand-ins.
export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'unit', environment: 'node', include: ['src/**/*.test.ts'] } },
      { extends: true, test: { name: 'components', environment: 'jsdom', include: ['src/**/*.test.tsx'], setupFiles: ['./src/testing/setup.ts'] } },
    ],
  },
});
