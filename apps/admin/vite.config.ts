/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server forwards everything the Fastify server owns; the built app is served by it under /admin.
const serverOrigin = `http://localhost:${process.env['SERVER_PORT'] ?? '3000'}`;
const proxiedPrefixes = ['/api', '/trpc', '/auth', '/media'];

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  server: {
    port: 5174,
    strictPort: true,
    proxy: Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: serverOrigin, changeOrigin: false }])),
  },
  preview: { port: 4174 },
  build: { outDir: 'dist', sourcemap: true },
  // Every file undoes its global stubs (unstubAllGlobals), so files share their worker's modules.
  test: { environment: 'node', include: ['src/**/*.test.ts'], isolate: false },
});
