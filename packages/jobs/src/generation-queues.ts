import type { GenerationKind } from '@reelsmith/db';

export interface QueuePolicy {
  /** The longest one attempt may run before it is failed and retried. */
  expireInSeconds: number;
  retryLimit: number;
  retryDelay: number;
}

/** One queue per generation step, with its own time limit; failures retry with backoff. */
export const generationQueues: Record<GenerationKind, QueuePolicy> = {
  voiceover: { expireInSeconds: 5 * 60, retryLimit: 2, retryDelay: 2 },
  avatars: { expireInSeconds: 5 * 60, retryLimit: 2, retryDelay: 2 },
  avatar_product: { expireInSeconds: 5 * 60, retryLimit: 2, retryDelay: 2 },
  videos: { expireInSeconds: 20 * 60, retryLimit: 2, retryDelay: 5 },
  final: { expireInSeconds: 10 * 60, retryLimit: 2, retryDelay: 5 },
};

export const queueName = (kind: GenerationKind) => `generation.${kind}`;
export const DEAD_LETTER_QUEUE = 'generation.dead';
