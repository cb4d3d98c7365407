import type { CallPolicy } from './provider-config.ts';

/** Short delays and deadlines so the contract tests run in seconds. */
export const TEST_POLICY: CallPolicy = { timeoutMs: 20_000, maxRetries: 2, baseDelayMs: 20, maxDelayMs: 200 };
