import { defineConfig } from 'vitest/config';

// Pure functions with no module state: a worker's files share its modules (isolate: false).
export default defineConfig({ test: { isolate: false } });
