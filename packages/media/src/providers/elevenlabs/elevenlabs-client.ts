import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import type { ElevenLabsConfig } from '../provider-config.ts';

export const ELEVENLABS_PROVIDER = 'elevenlabs';

/** The official SDK pointed at the configured base URL; retries and deadlines are ours (callProvider). */
export function createElevenLabsClient(config: ElevenLabsConfig): ElevenLabsClient {
  return new ElevenLabsClient({ apiKey: config.apiKey, baseUrl: config.baseUrl, maxRetries: 0, timeoutInSeconds: Math.ceil(config.policy.timeoutMs / 1000) });
}
