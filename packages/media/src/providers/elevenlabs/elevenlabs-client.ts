import type { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { lazyClient } from '../lazy-client.ts';
import type { ElevenLabsConfig } from '../provider-config.ts';

export const ELEVENLABS_PROVIDER = 'elevenlabs';

/** Answers the client, making it on first use. */
export type ElevenLabsClientSource = () => Promise<ElevenLabsClient>;

/** The official SDK pointed at the configured base URL, loaded on first use; retries and deadlines are ours (callProvider). */
export function elevenLabsClient(config: ElevenLabsConfig): ElevenLabsClientSource {
  return lazyClient(async () => {
    const { ElevenLabsClient } = await import('@elevenlabs/elevenlabs-js');
    return new ElevenLabsClient({ apiKey: config.apiKey, baseUrl: config.baseUrl, maxRetries: 0, timeoutInSeconds: Math.ceil(config.policy.timeoutMs / 1000) });
  });
}
