import type { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import type { ElevenLabsConfig } from '../provider-config.ts';

export const ELEVENLABS_PROVIDER = 'elevenlabs';

/** Answers the client, making it on first use. */
export type ElevenLabsClientSource = () => Promise<ElevenLabsClient>;

/**
 * The official SDK pointed at the configured base URL; retries and deadlines are ours (callProvider).
 * The SDK is loaded on first use, not when this module is: its CommonJS build takes about 1.2 s and
 * 1.4 s of CPU to load, which every process (server, worker, test worker) paid at start even with
 * ElevenLabs off. Callers take the client before starting a call's deadline, so loading never counts
 * against the provider's time.
 */
export function elevenLabsClient(config: ElevenLabsConfig): ElevenLabsClientSource {
  let client: Promise<ElevenLabsClient> | undefined;
  return () => {
    if (!client) {
      client = import('@elevenlabs/elevenlabs-js').then(
        ({ ElevenLabsClient }) => new ElevenLabsClient({ apiKey: config.apiKey, baseUrl: config.baseUrl, maxRetries: 0, timeoutInSeconds: Math.ceil(config.policy.timeoutMs / 1000) }),
      );
      // A failed load is not kept: the next call tries again.
      client.catch(() => (client = undefined));
    }
    return client;
  };
}
