/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server forwards everything the Fastify server owns, so cookies stay same-origin.
const serverOrigin = `http://localhost:${process.env['SERVER_PORT'] ?? '3000'}`;
const proxiedPrefixes = ['/api', '/trpc', '/auth', '/media'];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: serverOrigin, changeOrigin: false }])),
  },
  preview: { port: 4173 },
  // The manifest tells scripts/prerender-landing.ts which files the landing page's chunk needs (it removes it after).
  // landing-entry.ts is the drawn landing page's own script, in place of the app's entry.
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    rolldownOptions: { input: { index: 'index.html', landing: 'src/landing-entry.ts' } },
  },
  test: {
    // Unit tests (*.test.ts) run in Node; component tests (*.test.tsx) in jsdom, with the UI kit's
    // stand-ins for what Mantine asks of a browser (matchMedia, ResizeObserver) and a DOM cleanup.
    // The timeout allows for a first render on two cores busy with turbo's other tasks (it has taken 7 s).
    // Component files share their worker's modules (isolate: false): the views keep no module state, and
    // loading Mantine, the icons and jsdom once instead of per file takes the run from 34 s to 12 s of CPU.
    projects: [
      { extends: true, test: { name: 'unit', environment: 'node', include: ['src/**/*.test.ts'], isolate: false } },
      {
        extends: true,
        test: { name: 'components', environment: 'jsdom', include: ['src/**/*.test.tsx'], setupFiles: ['@reelsmith/ui/testing/setup'], testTimeout: 30_000, isolate: false },
      },
    ],
  },
});
